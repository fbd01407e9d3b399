"""Reading the pages the server writes: a small HTML tree, and the cells a path marks.

Shared by the page tests (test_page.py, test_play_pages.py, test_bad_input.py), so
that no test module imports another.
"""

from __future__ import annotations

from html.parser import HTMLParser

VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "wbr"}


class Node:
    """An element of the parsed page: its tag, attributes, children and text."""

    def __init__(self, tag: str, attrs: dict[str, str | None], parent: Node | None) -> None:
        self.tag, self.attrs, self.parent = tag, attrs, parent
        self.children: list[Node | str] = []

    def iter(self):
        """This element and every element inside it, in document order."""
        yield self
        for child in self.children:
            if isinstance(child, Node):
                yield from child.iter()

    def find_all(self, tag: str | None = None, **attrs: str | bool) -> list[Node]:
        """Elements with this tag and attributes (True: present with any value)."""
        return [
            node
            for node in self.iter()
            if (tag is None or node.tag == tag)
            and all(
                (name in node.attrs) if value is True else node.attrs.get(name) == value
                for name, value in attrs.items()
            )
        ]

    def find(self, tag: str | None = None, **attrs: str | bool) -> Node:
        """The one element with this tag and attributes."""
        (found,) = self.find_all(tag, **attrs)
        return found

    def by_id(self, id_: str) -> Node:
        return self.find(id=id_)

    @property
    def text(self) -> str:
        """The text inside, with runs of white space made single spaces."""
        parts = [c if isinstance(c, str) else c.text for c in self.children]
        return " ".join("".join(parts).split())


class TreeBuilder(HTMLParser):
    """Parse HTML into Nodes (enough of HTML for the pages this app writes)."""

    def __init__(self) -> None:
        super().__init__()
        self.root = self.current = Node("#document", {}, None)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        node = Node(tag, dict(attrs), self.current)
        self.current.children.append(node)
        if tag not in VOID:
            self.current = node

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.current.children.append(Node(tag, dict(attrs), self.current))

    def handle_endtag(self, tag: str) -> None:
        node = self.current
        while node.parent is not None and node.tag != tag:
            node = node.parent
        if node.parent is not None:
            self.current = node.parent

    def handle_data(self, data: str) -> None:
        self.current.children.append(data)


def parse(html: str) -> Node:
    """The page as a tree of Nodes."""
    builder = TreeBuilder()
    builder.feed(html)
    builder.close()
    return builder.root


def steps(doc: Node) -> dict[tuple[int, int], int]:
    """The cells marked with data-step, by (row, col)."""
    return {
        (int(cell.attrs["data-row"]), int(cell.attrs["data-col"])): int(cell.attrs["data-step"])
        for cell in doc.find_all(**{"data-step": True})
    }
