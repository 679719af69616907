// Helpers shared by the POSIX implementations (linux.cc, darwin.cc); internal to native/src.
#pragma once

#include <sys/stat.h>

#include <string>

#include "common.h"

namespace pbn::posix {

// errno → Status with a POSIX error name and strerror's text.
Status FromErrno(int err, const char* syscall);
Kind KindOfMode(mode_t mode);
// Fills identity, size, mode, nlink and kind from a struct stat; times are left to the OS file
// because their field names differ (st_mtim vs st_mtimespec).
void FillCommon(const struct stat& st, FileStat* out);

Status LinkNoOverwrite(const std::string& existing, const std::string& new_path);
// The no-replace rename for filesystems without a native one: link, then unlink the old name.
// When the old name cannot be removed the new one is taken back, so a failed rename changed nothing.
Status LinkThenUnlink(const std::string& from, const std::string& to);
// Opens the directory read-only and hands the descriptor to `sync` (fsync or F_FULLFSYNC).
Status FsyncDirectory(const std::string& path, int (*sync)(int fd), const char* syscall);

// A table from LockToken to file descriptor, guarded by a mutex.
LockToken RememberFd(int fd);
int ForgetFd(LockToken token);
// The fd of a token, which stays remembered; -1 when unknown.
int FdOf(LockToken token);
// Opens (creating when absent) a lock file, close-on-exec; a symlink there is ELOOP, never followed.
Status OpenLockFile(const std::string& path, int* fd);

// ReadSeen for POSIX, with the OS file's fstat.
Status ReadSeen(const std::string& path, const FileStat& seen, Status (*stat_fd)(int fd, FileStat* out),
                std::string* out, bool* same, FileStat* now);

// ReplaceChecked for POSIX, with the OS file's fstat and directory sync.
Status ReplaceChecked(const ReplaceSpec& spec, Status (*stat_fd)(int fd, FileStat* out),
                      Status (*sync_dir)(const std::string& path), bool* changed, FileStat* out);

}  // namespace pbn::posix
