// macOS: renamex_np(RENAME_EXCL) for no-replace rename, st_birthtimespec for creation time,
// F_FULLFSYNC for durability (plain fsync does not flush the drive cache), flock for locks
// (macOS has no public OFD locks; flock is also per open file description).
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include "posix.h"

namespace pbn {

namespace {

Backend g_backend;
bool g_use_renamex = true;

int64_t Ns(const struct timespec& t) {
  return static_cast<int64_t>(t.tv_sec) * 1000000000LL + t.tv_nsec;
}

void FromStat(const struct stat& st, FileStat* out) {
  posix::FillCommon(st, out);
  out->mtime_ns = Ns(st.st_mtimespec);
  out->ctime_ns = Ns(st.st_ctimespec);
  out->has_birthtime = true;
  out->birthtime_ns = Ns(st.st_birthtimespec);
}

// F_FULLFSYNC asks the drive to flush its cache; some filesystems refuse it, then fsync.
int FullFsync(int fd) {
  if (::fcntl(fd, F_FULLFSYNC) == 0) return 0;
  return ::fsync(fd);
}

}  // namespace

void Init() {
  g_use_renamex = Forced("rename") != "link-unlink";
  g_backend.platform = "darwin";
  g_backend.stat = "fstat";
  g_backend.rename = g_use_renamex ? "renamex_np" : "link-unlink";
  g_backend.link = "link";
  g_backend.fsync_directory = "F_FULLFSYNC";
  g_backend.lock = "flock";
}

const Backend& GetBackend() { return g_backend; }

Status StatPath(const std::string& path, bool follow, FileStat* out) {
  struct stat st;
  int rc = follow ? ::stat(path.c_str(), &st) : ::lstat(path.c_str(), &st);
  if (rc != 0) return posix::FromErrno(errno, follow ? "stat" : "lstat");
  FromStat(st, out);
  return Status::Ok();
}

Status StatFd(int fd, FileStat* out) {
  struct stat st;
  if (::fstat(fd, &st) != 0) return posix::FromErrno(errno, "fstat");
  FromStat(st, out);
  return Status::Ok();
}

Status RenameNoReplace(const std::string& from, const std::string& to) {
  if (g_use_renamex) {
    if (::renamex_np(from.c_str(), to.c_str(), RENAME_EXCL) == 0) return Status::Ok();
    int err = errno;
    // Volumes without exclusive rename (some network filesystems) say ENOTSUP.
    if (err != ENOTSUP && err != EINVAL) return posix::FromErrno(err, "renamex_np");
  }
  // link never replaces; then drop the old name.
  return posix::LinkThenUnlink(from, to);
}

Status LinkNoOverwrite(const std::string& existing, const std::string& new_path) {
  return posix::LinkNoOverwrite(existing, new_path);
}

Status FsyncDirectory(const std::string& path) {
  return posix::FsyncDirectory(path, FullFsync, "fcntl");
}

Status LockTry(const std::string& path, bool exclusive, LockToken* out) {
  int fd;
  Status s = posix::OpenLockFile(path, &fd);
  if (!s.ok()) return s;
  if (::flock(fd, (exclusive ? LOCK_EX : LOCK_SH) | LOCK_NB) != 0) {
    int err = errno == EWOULDBLOCK ? EAGAIN : errno;
    ::close(fd);
    return posix::FromErrno(err, "flock");
  }
  *out = posix::RememberFd(fd);
  return Status::Ok();
}

Status LockRelease(LockToken token) {
  int fd = posix::ForgetFd(token);
  if (fd < 0) return posix::FromErrno(EBADF, "close");
  if (::close(fd) != 0) return posix::FromErrno(errno, "close");
  return Status::Ok();
}

Status LockPark(LockToken token) {
  int fd = posix::FdOf(token);
  if (fd < 0) return posix::FromErrno(EBADF, "flock");
  if (::flock(fd, LOCK_UN) != 0) return posix::FromErrno(errno, "flock");
  return Status::Ok();
}

Status LockRetake(LockToken token, bool exclusive, bool* stale) {
  *stale = false;
  int fd = posix::FdOf(token);
  if (fd < 0) return posix::FromErrno(EBADF, "flock");
  if (::flock(fd, (exclusive ? LOCK_EX : LOCK_SH) | LOCK_NB) != 0) {
    return posix::FromErrno(errno == EWOULDBLOCK ? EAGAIN : errno, "flock");
  }
  struct stat st;
  if (::fstat(fd, &st) != 0 || st.st_nlink == 0) {
    *stale = true;
    return LockPark(token);
  }
  return Status::Ok();
}

Status ReadSeen(const std::string& path, const FileStat& seen, std::string* out, bool* same, FileStat* now) {
  return posix::ReadSeen(path, seen, StatFd, out, same, now);
}

Status ReplaceChecked(const ReplaceSpec& spec, bool* changed, FileStat* out) {
  return posix::ReplaceChecked(spec, StatFd, FsyncDirectory, changed, out);
}

}  // namespace pbn
