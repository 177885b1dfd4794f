"""`tablehall accounts add|disable|list`: accounts made and changed from the server's console
(the audit log names the console as who did it)."""

from __future__ import annotations

import argparse
import datetime
import getpass
import sys
from typing import Any

from ..core.locations import open_store, store_exists


def add_parser(commands: Any, default_db: str) -> argparse.ArgumentParser:
    parser = commands.add_parser("accounts", help="make, disable and list accounts (people and bots)",
                                 description="Accounts in the record store (docs/accounts.md).")
    parser.add_argument("--db", default=default_db, help=f"record store (default {default_db})")
    actions = parser.add_subparsers(title="actions", metavar="ACTION", required=True)
    add = actions.add_parser("add", help="make a person account; the password is asked for (or read from stdin)")
    add.add_argument("name")
    add.add_argument("--admin", action="store_true", help="an admin: may abort games, disable accounts, read the audit log")
    add.set_defaults(action=add_account)
    disable = actions.add_parser("disable", help="disable an account (a person's bots too): its sessions end")
    disable.add_argument("name")
    disable.add_argument("--enable", action="store_true", help="enable it again instead")
    disable.set_defaults(action=disable_account)
    listing = actions.add_parser("list", help="every account: name, kind, owner, admin, disabled, made")
    listing.set_defaults(action=list_accounts)
    parser.set_defaults(handler=run)
    return parser


def run(args: argparse.Namespace) -> int:
    from .service import Accounts

    if args.action is not add_account and not store_exists(args.db):
        raise ValueError(f"no record store at {args.db}")
    store = open_store(args.db)
    try:
        return args.action(Accounts(store), args)
    finally:
        store.close()


def read_password() -> str:
    """From the terminal, asked twice; else one line of standard input."""
    if not sys.stdin.isatty():
        return sys.stdin.readline().rstrip("\r\n")
    first = getpass.getpass("password: ")
    if getpass.getpass("again: ") != first:
        raise ValueError("the two passwords differ")
    return first


def add_account(accounts: Any, args: argparse.Namespace) -> int:
    from .book import CONSOLE

    account = accounts.book.add_person(args.name, read_password(), admin=args.admin, actor=CONSOLE)
    print(f"added {'admin ' if account.admin else ''}{account.name}")
    return 0


def disable_account(accounts: Any, args: argparse.Namespace) -> int:
    from .book import CONSOLE

    account = accounts.book.set_disabled(args.name, not args.enable, actor=CONSOLE)
    print(f"{'disabled' if account.disabled else 'enabled'} {account.name}")
    return 0


def list_accounts(accounts: Any, args: argparse.Namespace) -> int:
    everyone = accounts.book.list()
    names = {account.id: account.name for account in everyone}
    table = [("name", "kind", "owner", "admin", "disabled", "made")]
    for account in everyone:
        made = datetime.datetime.fromtimestamp(account.created_at, datetime.timezone.utc).strftime("%Y-%m-%d")
        table.append((account.name, account.kind, names.get(account.owner or "", "-"), "yes" if account.admin else "-",
                      "yes" if account.disabled else "-", made))
    widths = [max(len(row[i]) for row in table) for i in range(len(table[0]))]
    for row in table:
        print("  ".join(cell.ljust(width) for cell, width in zip(row, widths)).rstrip())
    return 0
