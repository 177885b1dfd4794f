"""The protocols' question, who is this client (`core.identity`), answered from the accounts."""

from __future__ import annotations

from ..core.identity import Identities, Identity, NameRefused, Refusal
from .book import AccountBook, AccountError
from .bots import BotKeys
from .sessions import Sessions
from .settings import AccountSettings


class AccountIdentities(Identities):
    """Given the accounts' parts it asks (`service.Accounts` holds them)."""

    def __init__(self, book: AccountBook, sessions: Sessions, bots: BotKeys, settings: AccountSettings) -> None:
        self.book, self.sessions, self.bots, self.settings = book, sessions, bots, settings

    def claim(self, name: str, ticket: str | None = None, *, game: str) -> Identity:
        if ticket is not None:
            account, rated = self.bots.redeem(ticket, name or None, game)
            return Identity(account.name, account.id, rated)
        if name and self.registered(name):
            raise NameRefused(f"the name {name!r} is registered: its account plays with a seat ticket", Refusal.TAKEN)
        return Identity(name)

    def login(self, name: str, password: str, *, address: str) -> Identity:
        account = self.sessions.check_password(name, password, address)
        return Identity(account.name, account.id, True)

    def registered(self, name: str) -> bool:
        return self.book.find(name) is not None

    def seed(self, name: str, password: str) -> bool:
        if self.registered(name):
            return True
        try:
            self.book.add_person(name, password, actor="config")
        except AccountError:
            return False  # a name or password accounts do not take: the protocol checks it alone
        return True

    def may_register(self) -> bool:
        return self.settings.registration == "open"

    def register(self, name: str, password: str, *, address: str) -> Identity:
        if not self.may_register():
            raise NameRefused("this server does not take new accounts", Refusal.NO_ACCOUNTS)
        try:
            account = self.book.add_person(name, password)
        except AccountError as error:
            kind = Refusal.TAKEN if "taken" in str(error) else Refusal.NO_ACCOUNT
            raise NameRefused(str(error), kind) from None
        return Identity(account.name, account.id, True)
