#include "CHeapRoom.h"

#include <limits.h>  // with glibc, defines __GLIBC__
#ifdef __GLIBC__
#include <malloc.h>
#endif

void linkcontract_heap_room(size_t bytes) {
#ifdef __GLIBC__
  mallopt(M_TOP_PAD, bytes > INT_MAX ? INT_MAX : (int)bytes);
#else
  (void)bytes;
#endif
}
