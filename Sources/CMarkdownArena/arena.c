#include "CMarkdownArena.h"

#include <cmark.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* Every allocation starts with a header saying where it lives: in an arena block (freed with
   the arena; `free` leaves it) or on the heap (freed by `free`). cmark's node and buffer code
   calls the allocator it was given with no context, so the arena a parse allocates from is the
   calling thread's current one, set for the parse alone: a parse runs on one thread, and a
   parse inside another's lifetime (a table cell's) sets its own. */

enum { ARENA_BLOCK = 0x61726e61, HEAP_BLOCK = 0x68656170 };

typedef struct {
  size_t size;
  size_t where;
} header;

typedef struct block {
  struct block *next;
  size_t used;
  size_t capacity;
  _Alignas(16) unsigned char bytes[];
} block;

struct linkcontract_arena {
  block *blocks;
};

static _Thread_local linkcontract_arena *current = NULL;

static const size_t block_size = 64 * 1024 - 64;

static size_t rounded(size_t size) { return (size + 15) & ~(size_t)15; }

static void *from_heap(size_t size, int zeroed) {
  header *h = zeroed ? calloc(1, sizeof(header) + size) : malloc(sizeof(header) + size);
  if (!h) abort();  /* as cmark's own allocator does */
  h->size = size;
  h->where = HEAP_BLOCK;
  return h + 1;
}

static void *from_arena(linkcontract_arena *arena, size_t size) {
  size_t needed = sizeof(header) + rounded(size);
  block *top = arena->blocks;
  if (!top || top->capacity - top->used < needed) {
    size_t capacity = needed > block_size / 4 ? needed : block_size;
    block *fresh = malloc(sizeof(block) + capacity);
    if (!fresh) abort();
    fresh->used = 0;
    fresh->capacity = capacity;
    if (capacity == block_size || !top) {
      fresh->next = top;
      arena->blocks = fresh;
    } else {
      /* A large allocation gets a block of its own, behind the one being filled. */
      fresh->next = top->next;
      top->next = fresh;
    }
    top = fresh;
  }
  header *h = (header *)(top->bytes + top->used);
  top->used += needed;
  h->size = size;
  h->where = ARENA_BLOCK;
  return h + 1;
}

static void *arena_calloc(size_t count, size_t size) {
  if (size && count > SIZE_MAX / size) abort();
  size_t total = count * size;
  if (!current) return from_heap(total, 1);
  void *memory = from_arena(current, total);
  memset(memory, 0, total);
  return memory;
}

static void *arena_realloc(void *pointer, size_t size) {
  if (!pointer) return current ? from_arena(current, size) : from_heap(size, 0);
  header *h = (header *)pointer - 1;
  if (h->where == HEAP_BLOCK) {
    header *moved = realloc(h, sizeof(header) + size);
    if (!moved) abort();
    moved->size = size;
    return moved + 1;
  }
  if (size <= h->size) {
    h->size = size;
    return pointer;
  }
  void *grown = current ? from_arena(current, size) : from_heap(size, 0);
  memcpy(grown, pointer, h->size);
  return grown;
}

static void arena_free(void *pointer) {
  if (!pointer) return;
  header *h = (header *)pointer - 1;
  if (h->where == HEAP_BLOCK) free(h);
}

static cmark_mem allocator = {arena_calloc, arena_realloc, arena_free};

linkcontract_arena *linkcontract_arena_new(void) {
  linkcontract_arena *arena = malloc(sizeof *arena);
  if (!arena) abort();
  arena->blocks = NULL;
  return arena;
}

void *linkcontract_arena_parse(linkcontract_arena *arena, const char *text, size_t length, int options) {
  linkcontract_arena *outer = current;
  current = arena;
  cmark_parser *parser = cmark_parser_new_with_mem(options, &allocator);
  cmark_parser_feed(parser, text, length);
  cmark_node *document = cmark_parser_finish(parser);
  cmark_parser_free(parser);
  current = outer;
  return document;
}

void linkcontract_arena_free(linkcontract_arena *arena) {
  block *b = arena->blocks;
  while (b) {
    block *next = b->next;
    free(b);
    b = next;
  }
  free(arena);
}
