"""XML as the contest server reads and writes it, sans I/O.

`XmlStreamReader` splits the client's endless ``<protocol>`` document into top-level elements
by incremental parsing (expat), and refuses what a contest client never sends and an attacker
would: DTDs and entity declarations (no billion laughs), elements nested deeper than
`MAX_DEPTH`, top-level messages longer than `MAX_MESSAGE_BYTES`.

`render` writes elements the way XStream's PrettyPrintWriter does: two-space indentation,
self-closing empty elements, ``&apos;``-style escaping and ``&#xa;`` for newlines in attributes.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterator
from xml.parsers import expat

MAX_DEPTH = 16
MAX_MESSAGE_BYTES = 64 * 1024


@dataclass
class Node:
    """An XML element: tag, attributes in order, children, text."""

    tag: str
    attrs: list[tuple[str, str]] = field(default_factory=list)
    children: list["Node"] = field(default_factory=list)
    text: str = ""

    def get(self, name: str, default: str | None = None) -> str | None:
        for key, value in self.attrs:
            if key == name:
                return value
        return default

    def child(self, tag: str) -> "Node | None":
        for node in self.children:
            if node.tag == tag:
                return node
        return None

    def __iter__(self) -> Iterator["Node"]:
        return iter(self.children)


def el(tag: str, *children: Node, text: str = "", **attrs: object) -> Node:
    """Build a Node; attribute names that clash with Python use a trailing underscore (class_)."""
    pairs = [(k.rstrip("_"), _attr_text(v)) for k, v in attrs.items() if v is not None]
    return Node(tag, pairs, list(children), text)


def _attr_text(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


# -- writing ----------------------------------------------------------------------------------
_TEXT_ESCAPES = str.maketrans({"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;", "\r": "&#xd;"})
_ATTR_ESCAPES = str.maketrans({"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;",
                               "\r": "&#xd;", "\n": "&#xa;"})


def escape_text(text: str) -> str:
    return text.translate(_TEXT_ESCAPES)


def escape_attr(text: str) -> str:
    return text.translate(_ATTR_ESCAPES)


def render(node: Node, level: int = 0) -> str:
    """`node` pretty-printed, its first line indented by `level` steps, no trailing newline."""
    out: list[str] = []
    _render(node, level, out)
    return "".join(out)


def _render(node: Node, level: int, out: list[str]) -> None:
    pad = "  " * level
    attrs = "".join(f' {k}="{escape_attr(v)}"' for k, v in node.attrs)
    if node.children:
        out.append(f"{pad}<{node.tag}{attrs}>")
        for child in node.children:
            out.append("\n")
            _render(child, level + 1, out)
        out.append(f"\n{pad}</{node.tag}>")
    elif node.text:
        out.append(f"{pad}<{node.tag}{attrs}>{escape_text(node.text)}</{node.tag}>")
    else:
        out.append(f"{pad}<{node.tag}{attrs}/>")


# -- reading ----------------------------------------------------------------------------------
class XmlError(Exception):
    """The client's bytes are not an acceptable XML stream; the connection must end."""


@dataclass
class StreamOpened:
    """The client opened its ``<protocol>`` stream."""


@dataclass
class StreamClosed:
    """The client closed its ``<protocol>`` stream."""


class XmlStreamReader:
    """Feed bytes with `feed`; get back StreamOpened, top-level `Node`s and StreamClosed."""

    def __init__(self, root: str = "protocol", max_depth: int = MAX_DEPTH,
                 max_message_bytes: int = MAX_MESSAGE_BYTES) -> None:
        self.root = root
        self.max_depth = max_depth
        self.max_message_bytes = max_message_bytes
        self._parser = expat.ParserCreate("UTF-8")
        self._parser.SetParamEntityParsing(expat.XML_PARAM_ENTITY_PARSING_NEVER)
        self._parser.ordered_attributes = True
        self._parser.buffer_text = True
        self._parser.StartElementHandler = self._start
        self._parser.EndElementHandler = self._end
        self._parser.CharacterDataHandler = self._text
        self._parser.StartDoctypeDeclHandler = self._refuse_doctype
        self._parser.EntityDeclHandler = self._refuse_entity
        self._parser.ExternalEntityRefHandler = self._refuse_external
        self._stack: list[Node] = []
        self._events: list[object] = []
        self._opened = False
        self._closed = False
        self._fed = 0
        self._boundary = 0  # byte offset where the current top-level message began
        self._error: XmlError | None = None

    @property
    def closed(self) -> bool:
        return self._closed

    def feed(self, data: bytes) -> list[object]:
        if self._closed or not data:
            return []
        self._fed += len(data)
        try:
            self._parser.Parse(data, False)
        except expat.ExpatError as exc:
            if self._closed:  # bytes after </protocol> are ignored
                return self._take()
            raise XmlError(f"not well-formed XML: {expat.ErrorString(exc.code)}") from None
        if self._error is not None:
            raise self._error
        if self._opened and self._fed - self._boundary > self.max_message_bytes:
            raise XmlError(f"message longer than {self.max_message_bytes} bytes")
        return self._take()

    def _take(self) -> list[object]:
        events, self._events = self._events, []
        return events

    def _fail(self, message: str) -> None:
        if self._error is None:
            self._error = XmlError(message)
        raise self._error

    def _refuse_doctype(self, *args: object) -> None:
        self._fail("DTDs are not accepted")

    def _refuse_entity(self, *args: object) -> None:
        self._fail("entity declarations are not accepted")

    def _refuse_external(self, *args: object) -> int:
        self._fail("external entities are not accepted")
        return 0

    def _start(self, tag: str, attrs: list[str]) -> None:
        if not self._opened:
            if tag != self.root:
                self._fail(f"stream must start with <{self.root}>, not <{tag}>")
            self._opened = True
            self._boundary = self._parser.CurrentByteIndex
            self._events.append(StreamOpened())
            return
        if len(self._stack) >= self.max_depth:
            self._fail(f"elements nested deeper than {self.max_depth}")
        if not self._stack:
            self._boundary = self._parser.CurrentByteIndex
        node = Node(tag, list(zip(attrs[::2], attrs[1::2])))
        if self._stack:
            self._stack[-1].children.append(node)
        self._stack.append(node)

    def _end(self, tag: str) -> None:
        if not self._stack:  # the root closes
            self._closed = True
            self._events.append(StreamClosed())
            return
        node = self._stack.pop()
        node.text = node.text.strip() if node.children else node.text
        if not self._stack:
            self._events.append(node)
            self._boundary = self._parser.CurrentByteIndex

    def _text(self, text: str) -> None:
        if self._stack:
            self._stack[-1].text += text
