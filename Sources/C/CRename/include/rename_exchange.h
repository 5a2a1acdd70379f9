#ifndef KOALIO_RENAME_EXCHANGE_H
#define KOALIO_RENAME_EXCHANGE_H

/// Exchanges two paths in one step (Linux's renameat2 with RENAME_EXCHANGE): a pack replaced
/// on the shelf is never missing, whatever stops the program between two renames. Returns 0,
/// or -1 with errno set (ENOSYS or EINVAL where the kernel or file system cannot).
int koalio_rename_exchange(const char *from, const char *to);

#endif
