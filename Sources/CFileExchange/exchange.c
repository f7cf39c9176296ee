#define _GNU_SOURCE
#include "CFileExchange.h"

#include <errno.h>
#include <fcntl.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/syscall.h>
#endif

static int renameat2_flags(int first_folder, const char *first, int second_folder, const char *second,
                           unsigned flags) {
#if defined(__linux__) && defined(SYS_renameat2)
  return (int)syscall(SYS_renameat2, first_folder, first, second_folder, second, flags);
#else
  errno = ENOSYS;
  return -1;
#endif
}

int linkcontract_exchange_paths(const char *first, const char *second) {
  return renameat2_flags(AT_FDCWD, first, AT_FDCWD, second, 2 /* RENAME_EXCHANGE */);
}

int linkcontract_exchange_at(int first_folder, const char *first, int second_folder, const char *second) {
  return renameat2_flags(first_folder, first, second_folder, second, 2 /* RENAME_EXCHANGE */);
}

int linkcontract_rename_new_at(int old_folder, const char *old_name, int new_folder, const char *new_name) {
  return renameat2_flags(old_folder, old_name, new_folder, new_name, 1 /* RENAME_NOREPLACE */);
}
