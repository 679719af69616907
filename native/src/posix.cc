#include "posix.h"

#include <errno.h>
#include <fcntl.h>
#include <unistd.h>

#include <cstring>
#include <mutex>
#include <unordered_map>

namespace pbn::posix {

namespace {

const char* ErrnoName(int err) {
  switch (err) {
    case EACCES: return "EACCES";
    case EAGAIN: return "EAGAIN";
    case EBADF: return "EBADF";
    case EBUSY: return "EBUSY";
    case EDEADLK: return "EDEADLK";
    case EEXIST: return "EEXIST";
    case EFAULT: return "EFAULT";
    case EINTR: return "EINTR";
    case EINVAL: return "EINVAL";
    case EIO: return "EIO";
    case EISDIR: return "EISDIR";
    case ELOOP: return "ELOOP";
    case EMFILE: return "EMFILE";
    case EMLINK: return "EMLINK";
    case ENAMETOOLONG: return "ENAMETOOLONG";
    case ENFILE: return "ENFILE";
    case ENOENT: return "ENOENT";
    case ENOLCK: return "ENOLCK";
    case ENOMEM: return "ENOMEM";
    case ENOSPC: return "ENOSPC";
    case ENOSYS: return "ENOSYS";
    case ENOTDIR: return "ENOTDIR";
    case ENOTEMPTY: return "ENOTEMPTY";
    case ENOTSUP: return "ENOTSUP";
#if EOPNOTSUPP != ENOTSUP
    case EOPNOTSUPP: return "ENOTSUP";
#endif
    case EPERM: return "EPERM";
    case EROFS: return "EROFS";
    case ETXTBSY: return "ETXTBSY";
    case EXDEV: return "EXDEV";
    default: return "UNKNOWN";
  }
}

std::mutex g_locks_mutex;
std::unordered_map<LockToken, int> g_lock_fds;
LockToken g_next_token = 1;

}  // namespace

Status FromErrno(int err, const char* syscall) {
  Status s;
  s.code = ErrnoName(err);
  s.syscall = syscall;
  s.sys_errno = err;
  s.message = std::strerror(err);
  return s;
}

Kind KindOfMode(mode_t mode) {
  if (S_ISREG(mode)) return Kind::File;
  if (S_ISDIR(mode)) return Kind::Directory;
  if (S_ISLNK(mode)) return Kind::Symlink;
  return Kind::Other;
}

void FillCommon(const struct stat& st, FileStat* out) {
  out->volume = static_cast<uint64_t>(st.st_dev);
  out->file_id = static_cast<uint64_t>(st.st_ino);
  out->size = static_cast<uint64_t>(st.st_size);
  out->mode = static_cast<uint32_t>(st.st_mode);
  out->nlink = static_cast<uint64_t>(st.st_nlink);
  out->kind = KindOfMode(st.st_mode);
}

Status LinkNoOverwrite(const std::string& existing, const std::string& new_path) {
  // link(2) never replaces an existing name: EEXIST is the whole point. linkat without
  // AT_SYMLINK_FOLLOW links a symlink itself on every POSIX system (macOS's link() follows it).
  if (::linkat(AT_FDCWD, existing.c_str(), AT_FDCWD, new_path.c_str(), 0) != 0) {
    return FromErrno(errno, "link");
  }
  return Status::Ok();
}

Status LinkThenUnlink(const std::string& from, const std::string& to) {
  // A crash between the two steps leaves both names of the same file: no content is lost or mixed.
  Status s = LinkNoOverwrite(from, to);
  if (!s.ok()) return s;
  if (::unlink(from.c_str()) == 0) return Status::Ok();
  s = FromErrno(errno, "unlink");
  // Take `to` back only while it is still the name we just made (same device and inode as `from`).
  struct stat a, b;
  if (::lstat(from.c_str(), &a) == 0 && ::lstat(to.c_str(), &b) == 0 && a.st_dev == b.st_dev &&
      a.st_ino == b.st_ino) {
    ::unlink(to.c_str());
  }
  return s;
}

Status FsyncDirectory(const std::string& path, int (*sync)(int fd), const char* syscall) {
  int fd = ::open(path.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd < 0) return FromErrno(errno, "open");
  Status result;
  if (sync(fd) != 0) result = FromErrno(errno, syscall);
  ::close(fd);
  return result;
}

LockToken RememberFd(int fd) {
  std::lock_guard<std::mutex> guard(g_locks_mutex);
  LockToken token = g_next_token++;
  g_lock_fds[token] = fd;
  return token;
}

int ForgetFd(LockToken token) {
  std::lock_guard<std::mutex> guard(g_locks_mutex);
  auto it = g_lock_fds.find(token);
  if (it == g_lock_fds.end()) return -1;
  int fd = it->second;
  g_lock_fds.erase(it);
  return fd;
}

Status OpenLockFile(const std::string& path, int* fd) {
  // O_NOFOLLOW: with O_CREAT, a symlink planted at the lock path would create or lock a file of
  // someone else's choosing as this user; ELOOP instead.
  *fd = ::open(path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0666);
  if (*fd < 0) return FromErrno(errno, "open");
  return Status::Ok();
}

}  // namespace pbn::posix
