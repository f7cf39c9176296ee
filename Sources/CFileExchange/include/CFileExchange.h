#ifndef LINKCONTRACT_FILE_EXCHANGE_H
#define LINKCONTRACT_FILE_EXCHANGE_H

/// Atomically exchanges two paths (Linux renameat2 with RENAME_EXCHANGE).
/// Returns 0 on success, -1 with errno set where the kernel or file system cannot.
int linkcontract_exchange_paths(const char *first, const char *second);

/// Atomically exchanges two names, each relative to a folder descriptor (renameat2 with
/// RENAME_EXCHANGE). Returns 0 on success, -1 with errno set.
int linkcontract_exchange_at(int first_folder, const char *first, int second_folder, const char *second);

/// Renames a name relative to a folder descriptor to another, failing with EEXIST when the new
/// name exists (renameat2 with RENAME_NOREPLACE). Returns 0 on success, -1 with errno set.
int linkcontract_rename_new_at(int old_folder, const char *old_name, int new_folder, const char *new_name);

#endif
