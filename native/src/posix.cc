#include "posix.h"

#include <errno.h>
#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <cstring>
#include <mutex>
#include <unordered_map>
#include <vector>

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

// Reads up to `max` bytes from `offset`; false on a read error. A short read that brings `*got` to
// `enough` (the size the caller expects) ends it: on a regular file that is the end, and asking
// again only to hear 0 would cost a system call per read.
bool ReadUpTo(int fd, uint8_t* buffer, size_t max, size_t* got, size_t enough, off_t offset = 0) {
  *got = 0;
  while (*got < max) {
    ssize_t n = ::pread(fd, buffer + *got, max - *got, offset + static_cast<off_t>(*got));
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) return false;
    if (n == 0) break;
    *got += static_cast<size_t>(n);
    if (*got < max && *got >= enough) break;
  }
  return true;
}

bool SameFile(const FileStat& a, const FileStat& b) {
  return a.kind == Kind::File && b.kind == Kind::File && a.volume == b.volume && a.file_id == b.file_id &&
         a.file_id_high == b.file_id_high && a.size == b.size && a.mtime_ns == b.mtime_ns &&
         a.ctime_ns == b.ctime_ns && a.mode == b.mode;
}

}  // namespace

Status ReadSeen(const std::string& path, const FileStat& seen, Status (*stat_fd)(int, FileStat*),
                std::string* out, bool* same, FileStat* now) {
  *same = false;
  int fd = ::open(path.c_str(), O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0) return Status::Ok();
  // Up to one byte past the size seen (a longer file shows as a size change either way), in
  // chunks, so memory follows the bytes there are, not a size the caller claims.
  const uint64_t want = seen.size + 1;
  bool read = true;
  out->clear();
  while (out->size() < want) {
    size_t at = out->size();
    size_t chunk = static_cast<size_t>(std::min<uint64_t>(want - at, uint64_t{1} << 20));
    out->resize(at + chunk);
    size_t got = 0;
    size_t enough = seen.size > at ? static_cast<size_t>(seen.size - at) : 0;
    read = ReadUpTo(fd, reinterpret_cast<uint8_t*>(&(*out)[at]), chunk, &got, enough, static_cast<off_t>(at));
    out->resize(at + got);
    if (!read || got < chunk) break;
  }
  read = read && stat_fd(fd, now).ok();
  ::close(fd);
  *same = read && out->size() == seen.size && SameFile(seen, *now);
  return Status::Ok();
}

namespace {

// The target is still the file read under the lock: ReadSeen's check (same identity, size, times
// and mode, read from one handle), and the same bytes. Anything else answers false (the caller
// then checks the slow way).
bool StillAsSeen(const ReplaceSpec& spec, Status (*stat_fd)(int, FileStat*)) {
  std::string bytes;
  bool same = false;
  FileStat now;
  ReadSeen(spec.target, spec.seen, stat_fd, &bytes, &same, &now);
  return same && bytes.size() == spec.known_length &&
         (bytes.empty() || std::memcmp(bytes.data(), spec.known, bytes.size()) == 0);
}

bool Unsyncable(int err) { return err == EINVAL || err == ENOTSUP || err == EOPNOTSUPP || err == EPERM; }

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
  out->uid = st.st_uid;
  out->gid = st.st_gid;
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

int FdOf(LockToken token) {
  std::lock_guard<std::mutex> guard(g_locks_mutex);
  auto it = g_lock_fds.find(token);
  return it == g_lock_fds.end() ? -1 : it->second;
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

Status ReplaceChecked(const ReplaceSpec& spec, Status (*stat_fd)(int, FileStat*),
                      Status (*sync_dir)(const std::string&), bool* changed, FileStat* out) {
  *changed = false;
  int fd = ::open(spec.stage.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC,
                  spec.mode >= 0 ? 0600 : 0666);
  if (fd < 0) return FromErrno(errno, "open");
  auto abandon = [&](Status result) {
    ::close(fd);
    ::unlink(spec.stage.c_str());
    return result;
  };
  // Best effort, as in JavaScript: only a privileged process can give a file away.
  if (spec.uid >= 0) (void)!::fchown(fd, static_cast<uid_t>(spec.uid), static_cast<gid_t>(spec.gid));
  for (size_t done = 0; done < spec.length;) {
    ssize_t n = ::pwrite(fd, spec.bytes + done, spec.length - done, static_cast<off_t>(done));
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) return abandon(FromErrno(errno, "write"));
    done += static_cast<size_t>(n);
  }
  // After the chown and the write, which may clear setuid/setgid bits.
  if (spec.mode >= 0 && ::fchmod(fd, static_cast<mode_t>(spec.mode & 07777)) != 0) {
    return abandon(FromErrno(errno, "fchmod"));
  }
  if (::fsync(fd) != 0) return abandon(FromErrno(errno, "fsync"));
  if (!StillAsSeen(spec, stat_fd)) {
    *changed = true;
    return abandon(Status::Ok());
  }
  if (::rename(spec.stage.c_str(), spec.target.c_str()) != 0) return abandon(FromErrno(errno, "rename"));
  Status synced = sync_dir(spec.dir);
  if (!synced.ok() && !Unsyncable(synced.sys_errno)) {
    ::close(fd);
    synced.syscall = "fsyncDirectory";  // published already: the error is the directory's
    return synced;
  }
  Status stat = stat_fd(fd, out);
  ::close(fd);
  return stat;
}

}  // namespace pbn::posix
