#!/usr/bin/env python3
"""Turn real documentation (folders of Markdown from public projects) into a corpus both tools build.

Usage: make-docs-corpus.py OUT_DIR SOURCE_DIR...

Every `*.md` under each SOURCE_DIR (sorted, `_index.md` and `README.md` included) becomes
OUT_DIR/page-NNNNN.md with the prose, tables, lists, code and links of the original. Only what
neither tool could build the same way is changed, and said here:

- front matter (YAML or TOML) is replaced by `title`, `summary` and `weight`; the title is the
  original's `title`, else its first `# ` heading, else its file name;
- raw HTML (blocks, inline tags, comments) and Hugo shortcodes are dropped: linkcontract
  refuses raw HTML in Content, and Hugo would need the originals' own shortcodes;
- an image becomes its alt text (the image files are not in the corpus);
- `http:` links become `https:` (linkcontract links out only to https) and bare URLs
  autolinks (`<https://…>`, as GFM would show them);
- a link to another page of the same source becomes a link to that page's new name (the
  fragment dropped: heading ids are each tool's own); a link to anything else that is not
  `http(s)` or `mailto` becomes its text; a table run on from a paragraph gets a blank line
  before it, and a delimiter row as many cells as its header row; task-list markers and `~~` become plain text.

Nothing is invented: no page, heading or sentence that the sources do not have.
"""
import os
import re
import sys

# A fence, in list items and quotes too; a backtick fence's info string holds no backtick.
FENCE = re.compile(r"^\s*(?:[-*+>]\s+|\d+[.)]\s+)*(`{3,}(?=[^`]*$)|~{3,})")
HTML_COMMENT = re.compile(r"<!--.*?-->", re.S)
SHORTCODE = re.compile(r"\{\{[<%].*?[%>]\}\}", re.S)
HTML_BLOCK_LINE = re.compile(r"^ {0,3}</?[A-Za-z][A-Za-z0-9-]*(\s[^>]*)?/?>?\s*$")
INLINE_TAG = re.compile(r"</?[A-Za-z][A-Za-z0-9-]*(\s[^<>]*)?/?>")
IMAGE = re.compile(r"!\[([^\]]*)\]\([^)]*\)")
LINK = re.compile(r"(?<!!)\[([^\]]*)\]\(\s*<?([^)\s>]*)>?(\s+\"[^\"]*\")?\s*\)")
REFERENCE = re.compile(r"^ {0,3}\[([^\]]+)\]:\s*<?(\S*?)>?(\s.*)?$")
TASK = re.compile(r"^(\s*[-*+]\s+)\[[ xX]\]\s")
CODE_SPAN = re.compile(r"(`+)(?!`)((?:(?!\n[ \t]*\n).)+?)(?<!`)\1(?!`)", re.S)  # within a paragraph
DELIMITER_ROW = re.compile(r"^\s*\|?\s*:?-+:?\s*(\|\s*:?-+:?\s*)*\|?\s*$")
BARE_URL = re.compile(r"(?<!\]\()(?<![<\w/=])https?://[^\s<>()\[\]`]*[^\s<>()\[\]`.,;:!?'\"]")


def front_matter(text):
    """(title or None, body) with a leading YAML or TOML front matter removed."""
    for fence in ("---", "+++"):
        if text.startswith(fence + "\n"):
            end = text.find("\n" + fence, len(fence))
            if end != -1:
                head = text[len(fence) + 1:end]
                body = text[end + len(fence) + 1:].lstrip("\n")
                match = re.search(r"^title\s*[:=]\s*['\"]?(.*?)['\"]?\s*$", head, re.M)
                return (match.group(1) if match else None), body
    return None, text


def cells(row):
    row = row.strip()
    row = row[1:] if row.startswith("|") else row
    row = row[:-1] if row.endswith("|") and not row.endswith("\\|") else row
    return len(re.split(r"(?<!\\)\|", row))


def tables(lines):
    """Each table starts its own block, its delimiter row as wide as its header row."""
    out = []
    for line in lines:
        if DELIMITER_ROW.match(line) and out and "|" in out[-1]:
            header = out.pop()
            if out and out[-1].strip():
                out.append("")
            out.append(header)
            line = "|" + "|".join(" --- " for _ in range(cells(header))) + "|"
        out.append(line)
    return out


def convert(text, source, names):
    title, body = front_matter(text)
    body = SHORTCODE.sub("", HTML_COMMENT.sub("", body))
    folder = os.path.dirname(source)

    def target(url):
        if re.match(r"^(https?:|mailto:)", url):
            return re.sub(r"^http:", "https:", url)
        path = url.split("#", 1)[0].split("?", 1)[0]
        if not path:
            return None
        resolved = os.path.normpath(os.path.join(folder, path))
        for candidate in (resolved, resolved + ".md", os.path.join(resolved, "_index.md"),
                          os.path.join(resolved, "index.md"), os.path.join(resolved, "README.md")):
            if candidate in names:
                return names[candidate]
        return None

    def prose(chunk):
        """Links, images, tags and bare URLs of a run of lines outside fenced code."""
        spans = []

        def mask(m):
            spans.append(m.group(0))
            return f"\x00{len(spans) - 1}\x00"

        chunk = CODE_SPAN.sub(mask, chunk)
        chunk = IMAGE.sub(lambda m: m.group(1), chunk)
        chunk = INLINE_TAG.sub("", chunk)

        def link(m):
            url = target(m.group(2))
            return f"[{m.group(1)}]({url})" if url else m.group(1)

        chunk = LINK.sub(link, chunk).replace("~~", "")
        chunk = BARE_URL.sub(lambda m: f"<{m.group(0)}>", chunk).replace("<http://", "<https://")
        return re.sub("\x00(\\d+)\x00", lambda m: spans[int(m.group(1))], chunk)

    lines, pending, fence = [], [], None

    def flush():
        if pending:
            lines.extend(prose("\n".join(tables(pending))).split("\n"))
            pending.clear()

    for line in body.split("\n"):
        opening = FENCE.match(line)
        if fence:
            lines.append(line)
            if opening and opening.group(1)[0] == fence[0] and len(opening.group(1)) >= len(fence) \
                    and not line[opening.end():].strip():
                fence = None
            continue
        if opening:
            flush()
            fence = opening.group(1)
            lines.append(re.sub(r"^(\s*[`~]{3,})\s*\{.*\}\s*$", r"\1", line))  # Hugo's {.attrs}
            continue
        if HTML_BLOCK_LINE.match(line):
            continue
        reference = REFERENCE.match(line)
        if reference:
            url = target(reference.group(2))
            if url:
                pending.append(f"[{reference.group(1)}]: {url}")
            continue
        if title is None and line.startswith("# "):
            title = line[2:].strip()
        pending.append(TASK.sub(r"\1", line))
    flush()
    if fence:
        lines.append(fence)
    if not title:
        title = os.path.splitext(os.path.basename(source))[0].replace("-", " ").replace("_", " ")
    return title, "\n".join(lines).strip() + "\n"


def plain(text):
    """Text both front-matter readers take as a plain scalar: no markup, no YAML indicator first."""
    return re.sub(r"^[^\w]+", "", re.sub(r"[`*_\[\]<>{}#|\"':]", "", text)).strip()


def main():
    if len(sys.argv) < 3:
        print(__doc__.split("\n\n")[1], file=sys.stderr)
        sys.exit(2)
    out, sources = sys.argv[1], sys.argv[2:]
    files = []
    for source in sources:
        for root, dirs, names in os.walk(source):
            dirs.sort()
            files += [os.path.join(root, n) for n in sorted(names) if n.endswith(".md")]
    names = {os.path.normpath(path): f"page-{i:05d}.md" for i, path in enumerate(files)}
    os.makedirs(out, exist_ok=True)
    for i, path in enumerate(files):
        with open(path, encoding="utf-8", errors="replace") as f:
            title, body = convert(f.read().replace("\r\n", "\n"), os.path.normpath(path), names)
        summary = next((plain(l) for l in body.split("\n") if l and l[0].isalpha()), "")[:160]
        with open(os.path.join(out, f"page-{i:05d}.md"), "w", encoding="utf-8") as f:
            f.write(f"---\ntitle: {plain(title) or 'Page'}\nsummary: {summary or 'A page.'}\nweight: {i + 1}\n---\n\n")
            f.write(body)


if __name__ == "__main__":
    main()
