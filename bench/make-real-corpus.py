#!/usr/bin/env python3
"""Write a deterministic corpus shaped like real documentation and like this site's Content.

Usage: make-real-corpus.py OUT_DIR [PAGES]

Where make-corpus.py writes plain ASCII prose, these pages read like what docs teams write:
prose with curly quotes, apostrophes, dashes, ellipses and accented names in about half of
the paragraphs; GitHub tables; fenced code; links between pages and to headings; and, as
this repository's Content does, listing `contract` blocks (which may repeat on every page)
and `link-example` blocks. No contract value is written: the link examples use the
`{host}` and `{other-host}` placeholders and the rejection reasons the parser always has.
Hugo reads the same files (the blocks are fenced code to it), so both tools do the same
Markdown work.
"""
import os
import random
import sys

WORDS = ("link route handling release build notes team app store reader guide page section "
         "setting value host scheme check answer error case field query path screen device "
         "update install verify serve publish review owner step table example").split()
NAMES = ("Zoë", "José", "Ångström", "Łukasz", "Siân", "Chloé", "Müller", "Dvořák", "Nuñez", "Øyvind")
PUNCTUATION = ("’s", "—", "…", "“", "”", "–")
BLOCKS = ("route-classes", "forbidden-fields", "gates")


def words(rng, n):
    return [rng.choice(WORDS) for _ in range(n)]


def plain(rng):
    """Words with text beyond ASCII in half of them: a sentence as a front-matter value."""
    out = words(rng, rng.randint(10, 20))
    if rng.random() < 0.5:  # half the paragraphs carry text beyond ASCII, as real pages do
        k = rng.randrange(len(out))
        mark = rng.choice(PUNCTUATION)
        if mark == "“":
            out[k] = f"“{out[k]}”"
        elif mark in ("—", "–", "…"):
            out.insert(k, mark)
        else:
            out[k] = out[k] + mark
        out.insert(rng.randrange(len(out)), rng.choice(NAMES))
    return out


def sentence(out):
    text = " ".join(out)
    return text[0].upper() + text[1:] + "."


def prose(rng, pages, page):
    out = plain(rng)
    k = rng.randrange(len(out))
    style = rng.randrange(4)
    if style == 0:
        out[k] = f"*{out[k]}*"
    elif style == 1:
        out[k] = f"`{out[k]}`"
    elif style == 2:
        out[k] = f"[{out[k]}](page-{rng.randrange(pages):05d}.md#reference)"  # not the heading the bench renames
    return sentence(out)


def table(rng):
    columns = rng.randint(3, 5)
    rows = [" | ".join(w.capitalize() for w in words(rng, columns))]
    rows.append(" | ".join("---" for _ in range(columns)))
    for _ in range(rng.randint(3, 8)):
        cells = []
        for _ in range(columns):
            cell = " ".join(words(rng, rng.randint(1, 4)))
            if rng.random() < 0.3:
                cell += " " + rng.choice(NAMES)
            cells.append(cell)
        rows.append(" | ".join(cells))
    return "\n".join("| " + row + " |" for row in rows)


def page(rng, pages, i):
    title = " ".join(words(rng, 3)).capitalize()
    parts = [
        "---",
        f"title: {title} {i}",
        f"summary: {sentence(plain(rng))}",  # no markup: YAML reads it as a plain scalar
        f"weight: {i + 1}",
        "---",
        "",
        prose(rng, pages, i) + " " + prose(rng, pages, i),
        "",
        "## Steps",
        "",
    ]
    for n in range(rng.randint(3, 6)):
        parts.append(f"{n + 1}. {prose(rng, pages, i)}")
    parts += ["", "## Reference", "", table(rng), ""]
    for _ in range(rng.randint(2, 4)):
        parts += [prose(rng, pages, i) + " " + prose(rng, pages, i), ""]
    parts += ["```sh", "linkcontract parse --build production https://{host}/", "```", ""]
    if i == 0:  # one page documents every route class, as this site's routes page does
        parts += ["```contract routes", "```", ""]
    elif i % 3 == 0:
        parts += [f"```contract {rng.choice(BLOCKS)}", "```", ""]
    if i % 4 == 1:
        parts += [
            "```link-example build=production",
            "https://{other-host}/start -> unsupported host-not-configured",
            "http://{host}/start -> unsupported scheme-not-allowed",
            "```",
            "",
        ]
    parts += ["## Notes", "", "> " + prose(rng, pages, i), "", "- " + prose(rng, pages, i),
              "- " + prose(rng, pages, i), ""]
    return "\n".join(parts)


def main():
    out = sys.argv[1]
    pages = int(sys.argv[2]) if len(sys.argv) > 2 else 2000
    rng = random.Random(20261205)
    os.makedirs(out, exist_ok=True)
    for i in range(pages):
        with open(os.path.join(out, f"page-{i:05d}.md"), "w", encoding="utf-8") as f:
            f.write(page(rng, pages, i))


if __name__ == "__main__":
    main()
