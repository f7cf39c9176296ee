#ifndef LINKCONTRACT_MARKDOWN_ARENA_H
#define LINKCONTRACT_MARKDOWN_ARENA_H

#include <stddef.h>

/// The memory of one cmark parse: what the parser allocates while it runs comes from a few
/// large blocks, given back at once by `linkcontract_arena_free`, instead of one malloc and
/// one free for every node and buffer.
typedef struct linkcontract_arena linkcontract_arena;

linkcontract_arena *linkcontract_arena_new(void);

/// Parses `length` bytes of Markdown into a document whose parse-time memory is `arena`'s.
/// Returns the document node (a `cmark_node *`), or NULL when cmark could not parse.
void *linkcontract_arena_parse(linkcontract_arena *arena, const char *text, size_t length, int options);

/// Frees the arena. The document parsed into it must be freed first, with `cmark_node_free`:
/// what cmark allocates for a node after the parse (a string made when first asked for) is
/// ordinary heap memory, which that frees.
void linkcontract_arena_free(linkcontract_arena *arena);

#endif
