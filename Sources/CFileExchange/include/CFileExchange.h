#ifndef LINKCONTRACT_FILE_EXCHANGE_H
#define LINKCONTRACT_FILE_EXCHANGE_H

/// Atomically exchanges two paths (Linux renameat2 with RENAME_EXCHANGE).
/// Returns 0 on success, -1 with errno set where the kernel or file system cannot.
int linkcontract_exchange_paths(const char *first, const char *second);

#endif
