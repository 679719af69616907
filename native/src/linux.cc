// Linux: statx and renameat2 through syscall(2), so the prebuilt binary does not depend on the
// glibc version that first wrapped them; OFD locks for cross-process locking.
#include <errno.h>
#include <fcntl.h>
#include <linux/stat.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include <cstring>

#include "posix.h"

#ifndef RENAME_NOREPLACE
#define RENAME_NOREPLACE (1 << 0)
#endif

namespace pbn {

namespace {

Backend g_backend;
bool g_use_statx = true;
bool g_use_renameat2 = true;
bool g_use_ofd = true;

int64_t Ns(const struct statx_timestamp& t) {
  return static_cast<int64_t>(t.tv_sec) * 1000000000LL + t.tv_nsec;
}

int64_t Ns(const struct timespec& t) {
  return static_cast<int64_t>(t.tv_sec) * 1000000000LL + t.tv_nsec;
}

long Statx(int dirfd, const char* path, int flags, struct statx* out) {
  return ::syscall(SYS_statx, dirfd, path, flags,
                   STATX_BASIC_STATS | STATX_BTIME, out);
}

void FromStatx(const struct statx& sx, FileStat* out) {
  out->volume = static_cast<uint64_t>(makedev(sx.stx_dev_major, sx.stx_dev_minor));
  out->file_id = sx.stx_ino;
  out->size = sx.stx_size;
  out->mode = sx.stx_mode;
  out->nlink = sx.stx_nlink;
  out->uid = sx.stx_uid;
  out->gid = sx.stx_gid;
  out->kind = posix::KindOfMode(sx.stx_mode);
  out->mtime_ns = Ns(sx.stx_mtime);
  out->ctime_ns = Ns(sx.stx_ctime);
  out->has_birthtime = (sx.stx_mask & STATX_BTIME) != 0;
  out->birthtime_ns = out->has_birthtime ? Ns(sx.stx_btime) : 0;
}

void FromStat(const struct stat& st, FileStat* out) {
  posix::FillCommon(st, out);
  out->mtime_ns = Ns(st.st_mtim);
  out->ctime_ns = Ns(st.st_ctim);
  out->has_birthtime = false;
}

// statx may be missing (old kernels) or filtered by seccomp (ENOSYS/EPERM): then fstat for good.
bool StatxUnavailable(int err) { return err == ENOSYS || err == EPERM; }

Status OfdLock(int fd, bool exclusive) {
  struct flock fl;
  std::memset(&fl, 0, sizeof fl);
  fl.l_type = exclusive ? F_WRLCK : F_RDLCK;
  fl.l_whence = SEEK_SET;
  if (::fcntl(fd, F_OFD_SETLK, &fl) != 0) {
    int err = errno;
    if (err == EACCES) err = EAGAIN;  // POSIX lets a conflicting lock report either
    return posix::FromErrno(err, "fcntl");
  }
  return Status::Ok();
}

Status Flock(int fd, bool exclusive) {
  if (::flock(fd, (exclusive ? LOCK_EX : LOCK_SH) | LOCK_NB) != 0) {
    int err = errno;
    if (err == EWOULDBLOCK) err = EAGAIN;
    return posix::FromErrno(err, "flock");
  }
  return Status::Ok();
}

}  // namespace

void Init() {
  g_backend.platform = "linux";
  struct statx sx;
  if (Forced("stat") == "fstat") {
    g_use_statx = false;
  } else if (Statx(AT_FDCWD, "/", 0, &sx) != 0 && StatxUnavailable(errno)) {
    g_use_statx = false;
  }
  g_use_renameat2 = Forced("rename") != "link-unlink";
  struct flock probe;
  std::memset(&probe, 0, sizeof probe);
  probe.l_type = F_RDLCK;
  int fd = ::open("/", O_RDONLY | O_CLOEXEC);
  g_use_ofd = Forced("lock") != "flock" && fd >= 0 && ::fcntl(fd, F_OFD_GETLK, &probe) == 0;
  if (fd >= 0) ::close(fd);

  g_backend.stat = g_use_statx ? "statx" : "fstat";
  g_backend.rename = g_use_renameat2 ? "renameat2" : "link-unlink";
  g_backend.link = "link";
  g_backend.fsync_directory = "fsync";
  g_backend.lock = g_use_ofd ? "ofd" : "flock";
}

const Backend& GetBackend() { return g_backend; }

Status StatPath(const std::string& path, bool follow, FileStat* out) {
  if (g_use_statx) {
    struct statx sx;
    if (Statx(AT_FDCWD, path.c_str(), follow ? 0 : AT_SYMLINK_NOFOLLOW, &sx) == 0) {
      FromStatx(sx, out);
      return Status::Ok();
    }
    if (!StatxUnavailable(errno)) return posix::FromErrno(errno, "statx");
  }
  struct stat st;
  int rc = follow ? ::stat(path.c_str(), &st) : ::lstat(path.c_str(), &st);
  if (rc != 0) return posix::FromErrno(errno, follow ? "stat" : "lstat");
  FromStat(st, out);
  return Status::Ok();
}

Status StatFd(int fd, FileStat* out) {
  if (g_use_statx) {
    struct statx sx;
    if (Statx(fd, "", AT_EMPTY_PATH, &sx) == 0) {
      FromStatx(sx, out);
      return Status::Ok();
    }
    if (!StatxUnavailable(errno)) return posix::FromErrno(errno, "statx");
  }
  struct stat st;
  if (::fstat(fd, &st) != 0) return posix::FromErrno(errno, "fstat");
  FromStat(st, out);
  return Status::Ok();
}

Status RenameNoReplace(const std::string& from, const std::string& to) {
  if (g_use_renameat2) {
    if (::syscall(SYS_renameat2, AT_FDCWD, from.c_str(), AT_FDCWD, to.c_str(),
                  RENAME_NOREPLACE) == 0) {
      return Status::Ok();
    }
    int err = errno;
    // Filesystems without rename flags (NFS, 9p, some FUSE) say EINVAL; old kernels ENOSYS.
    if (err != EINVAL && err != ENOSYS) return posix::FromErrno(err, "renameat2");
  }
  // link never replaces; then drop the old name.
  return posix::LinkThenUnlink(from, to);
}

Status LinkNoOverwrite(const std::string& existing, const std::string& new_path) {
  return posix::LinkNoOverwrite(existing, new_path);
}

Status FsyncDirectory(const std::string& path) {
  return posix::FsyncDirectory(path, ::fsync, "fsync");
}

Status LockTry(const std::string& path, bool exclusive, LockToken* out) {
  int fd;
  Status s = posix::OpenLockFile(path, &fd);
  if (!s.ok()) return s;
  s = g_use_ofd ? OfdLock(fd, exclusive) : Flock(fd, exclusive);
  if (!s.ok()) {
    ::close(fd);
    return s;
  }
  *out = posix::RememberFd(fd);
  return Status::Ok();
}

Status LockRelease(LockToken token) {
  int fd = posix::ForgetFd(token);
  if (fd < 0) return posix::FromErrno(EBADF, "close");
  // Closing the only descriptor of the open file description releases an OFD or flock lock.
  if (::close(fd) != 0) return posix::FromErrno(errno, "close");
  return Status::Ok();
}

Status LockPark(LockToken token) {
  int fd = posix::FdOf(token);
  if (fd < 0) return posix::FromErrno(EBADF, "fcntl");
  if (g_use_ofd) {
    struct flock fl;
    std::memset(&fl, 0, sizeof fl);
    fl.l_type = F_UNLCK;
    fl.l_whence = SEEK_SET;
    if (::fcntl(fd, F_OFD_SETLK, &fl) != 0) return posix::FromErrno(errno, "fcntl");
  } else if (::flock(fd, LOCK_UN) != 0) {
    return posix::FromErrno(errno, "flock");
  }
  return Status::Ok();
}

Status LockRetake(LockToken token, bool exclusive, bool* stale) {
  *stale = false;
  int fd = posix::FdOf(token);
  if (fd < 0) return posix::FromErrno(EBADF, "fcntl");
  Status s = g_use_ofd ? OfdLock(fd, exclusive) : Flock(fd, exclusive);
  if (!s.ok()) return s;
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
