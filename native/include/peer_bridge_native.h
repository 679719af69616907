// The contract between the N-API binding (native/binding.cc) and the per-OS implementations
// (native/src/linux.cc, darwin.cc, win32.cc, with posix.cc shared by linux and darwin).
// Exactly one OS file is compiled into the addon (binding.gyp conditions), so nothing here or in
// the logic needs an #ifdef. Everything is plain C++17: no N-API types cross this line.
#pragma once

#include <cstdint>
#include <string>

namespace pbn {

// Outcome of a platform call. `code` is a POSIX-style error name ("EEXIST", "ENOENT", …) on every
// OS, so JavaScript sees one vocabulary; `sys_errno` keeps the raw number (errno or GetLastError).
struct Status {
  const char* code = nullptr;
  const char* syscall = nullptr;
  int sys_errno = 0;
  std::string message;

  bool ok() const { return code == nullptr; }
  static Status Ok() { return Status(); }
};

enum class Kind { File, Directory, Symlink, Other };

struct FileStat {
  // Identity as numbers; JavaScript formats them as hex. POSIX: dev and ino (file_id_high 0).
  // Windows: the 64-bit volume serial and the 128-bit FILE_ID_INFO id split in two halves.
  uint64_t volume = 0;
  uint64_t file_id = 0;
  uint64_t file_id_high = 0;
  uint64_t size = 0;
  uint32_t mode = 0;
  uint64_t nlink = 0;
  int64_t mtime_ns = 0;
  int64_t ctime_ns = 0;
  int64_t birthtime_ns = 0;
  bool has_birthtime = false;
  Kind kind = Kind::Other;
  // POSIX: the owner (st_uid, st_gid). Windows has none to report: -1.
  int64_t uid = -1;
  int64_t gid = -1;
};

// Which strategy each operation uses on this machine; reported to JavaScript as `backend`.
struct Backend {
  std::string platform;
  std::string stat;
  std::string rename;
  std::string link;
  std::string fsync_directory;
  std::string lock;
};

// Opaque lock token handed to JavaScript; the OS file keeps the table of what it means.
using LockToken = int64_t;

// Called once when the addon loads: probes the kernel and applies PEER_BRIDGE_NATIVE_FORCE
// (comma-separated `operation:strategy` pairs, e.g. "rename:link-unlink,stat:fstat") so tests can
// exercise fallbacks on a machine whose kernel supports the preferred call.
void Init();
const Backend& GetBackend();

Status StatPath(const std::string& path, bool follow, FileStat* out);
Status StatFd(int fd, FileStat* out);
// Never replaces `to`. EEXIST when it exists; EXDEV across volumes (never a copy).
Status RenameNoReplace(const std::string& from, const std::string& to);
// Creates `new_path` as another name of `existing`; EEXIST when `new_path` exists.
Status LinkNoOverwrite(const std::string& existing, const std::string& new_path);
// Makes a directory's entries (a rename or create inside it) durable.
Status FsyncDirectory(const std::string& path);
// Non-blocking attempt on a lock file (created when absent). EAGAIN when held elsewhere.
// Waiting is done by the caller, so no thread of Node's pool is ever parked in the kernel.
Status LockTry(const std::string& path, bool exclusive, LockToken* out);
Status LockRelease(LockToken token);
// Keeping a lock file open between uses: LockPark releases the lock and keeps the file open under
// its token; LockRetake takes the lock again without waiting (EAGAIN when held elsewhere). A lock
// file removed meanwhile (its last name gone: a cleaned lock directory) would lock nothing others
// can see: then LockRetake gives the lock back and sets `*stale`, and the caller closes the token
// (LockRelease) and opens the path again. ENOSYS where not built (Windows).
Status LockPark(LockToken token);
Status LockRetake(LockToken token, bool exclusive, bool* stale);

// One replacing publication of a small file, with no return to JavaScript between its steps: the
// locked section's system calls are then not slowed by JavaScript run between them.
struct ReplaceSpec {
  std::string stage;   // created (never replaced) next to the target
  std::string target;  // replaced by a rename
  std::string dir;     // the target's directory, fsynced after the rename
  const uint8_t* bytes = nullptr;
  size_t length = 0;
  int64_t mode = -1;   // the mode to give the stage (the replaced file's); -1: 0666 minus umask
  int64_t uid = -1;    // the owner to give the stage, best effort; -1: leave it
  int64_t gid = -1;
  // The target as read under the caller's locks: its bytes and its stat (identity, size, times,
  // mode). The rename happens only while the target is still exactly that.
  const uint8_t* known = nullptr;
  size_t known_length = 0;
  FileStat seen;
};
// Reads the whole file at `path` (never following a final symlink) when, after the read, its handle
// is still `seen`: the same regular file, unchanged (identity, size, times, mode). Then `*same` is
// true, `out` holds its bytes and `now` the handle's stat. Otherwise (another file, a change, an
// error) `*same` is false and the caller reads the full way. ENOSYS where not built (Windows).
Status ReadSeen(const std::string& path, const FileStat& seen, std::string* out, bool* same, FileStat* now);

// Stages `bytes`, fsyncs, checks the target is still `seen` with the `known` bytes, renames the
// stage over it, fsyncs the directory (a directory that cannot be synced, EINVAL/ENOTSUP/EPERM,
// is not an error: the rename happened) and fills `out` with the stage's stat after the rename.
// When the target is not as seen, nothing is published, the stage is removed and `*changed` is
// true. On any error before the rename the stage is removed too. ENOSYS where not built (Windows).
Status ReplaceChecked(const ReplaceSpec& spec, bool* changed, FileStat* out);

}  // namespace pbn
