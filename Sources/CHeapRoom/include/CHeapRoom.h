#ifndef LINKCONTRACT_HEAP_ROOM_H
#define LINKCONTRACT_HEAP_ROOM_H

#include <stddef.h>

/// Asks the C library's allocator to grow a heap by at least `bytes` at a time (glibc's
/// M_TOP_PAD), where it has such a setting; elsewhere does nothing.
void linkcontract_heap_room(size_t bytes);

#endif
