// Windows: identity from FILE_ID_INFO (64-bit volume serial, 128-bit file id), ChangeTime for ctime,
// no-replace rename through the staged handle (FileRenameInfoEx with POSIX semantics, else
// FileRenameInfo, else MoveFileExW — never with a replace flag), CreateHardLinkW, FlushFileBuffers
// on a backup-semantics directory handle, and LockFileEx locks. Paths arrive as UTF-8 and are used
// as full UTF-16 paths (\\?\-prefixed when long). Errors carry the same POSIX-style codes as Linux.
#ifndef WIN32_LEAN_AND_MEAN
#define WIN32_LEAN_AND_MEAN
#endif
#include <windows.h>

#include <cstddef>
#include <cstring>
#include <mutex>
#include <string>
#include <unordered_map>
#include <vector>

#include "common.h"

namespace pbn {

namespace {

// mingw-w64 hides these behind _WIN32_WINNT >= 0x0A000002 (a guard no released SDK value meets);
// the values are fixed by the Windows ABI.
constexpr FILE_INFO_BY_HANDLE_CLASS kFileRenameInfoEx = static_cast<FILE_INFO_BY_HANDLE_CLASS>(22);
constexpr DWORD kRenameFlagPosixSemantics = 0x2;  // FILE_RENAME_FLAG_POSIX_SEMANTICS
constexpr DWORD kReparseTagSymlink = 0xA000000C;     // IO_REPARSE_TAG_SYMLINK
constexpr DWORD kReparseTagMountPoint = 0xA0000003;  // IO_REPARSE_TAG_MOUNT_POINT (junction)

// POSIX file type bits as Node reports them on Windows (fs.constants.S_IFREG, …).
constexpr uint32_t kIfReg = 0100000;
constexpr uint32_t kIfDir = 0040000;
constexpr uint32_t kIfLnk = 0120000;

// FILE_RENAME_INFO with the Windows 10 union (Flags for FileRenameInfoEx, ReplaceIfExists for
// FileRenameInfo); same layout as the SDK's struct.
struct RenameInfo {
  union {
    BOOLEAN ReplaceIfExists;
    DWORD Flags;
  };
  HANDLE RootDirectory;
  DWORD FileNameLength;
  WCHAR FileName[1];
};

enum class RenameWay { InfoEx, Info, MoveFile };

Backend g_backend;
bool g_use_file_id_info = true;
RenameWay g_rename_way = RenameWay::InfoEx;

std::mutex g_locks_mutex;
std::unordered_map<LockToken, HANDLE> g_lock_handles;
LockToken g_next_token = 1;

const char* ErrorName(DWORD err) {
  switch (err) {
    case ERROR_FILE_EXISTS:
    case ERROR_ALREADY_EXISTS: return "EEXIST";
    case ERROR_NOT_SAME_DEVICE: return "EXDEV";
    case ERROR_ACCESS_DENIED:
    case ERROR_CANT_ACCESS_FILE: return "EACCES";
    case ERROR_PRIVILEGE_NOT_HELD: return "EPERM";
    case ERROR_FILE_NOT_FOUND:
    case ERROR_PATH_NOT_FOUND:
    case ERROR_INVALID_DRIVE:
    case ERROR_BAD_NETPATH:
    case ERROR_BAD_NET_NAME:
    case ERROR_BAD_PATHNAME:
    case ERROR_INVALID_NAME: return "ENOENT";
    case ERROR_DIRECTORY: return "ENOTDIR";
    case ERROR_DIR_NOT_EMPTY: return "ENOTEMPTY";
    case ERROR_SHARING_VIOLATION:
    case ERROR_BUSY:
    case ERROR_PIPE_BUSY: return "EBUSY";
    case ERROR_LOCK_VIOLATION: return "EAGAIN";
    case ERROR_INVALID_PARAMETER:
    case ERROR_INVALID_FLAGS:
    case ERROR_NO_UNICODE_TRANSLATION: return "EINVAL";
    case ERROR_NOT_SUPPORTED:
    case ERROR_INVALID_FUNCTION: return "ENOTSUP";
    case ERROR_CALL_NOT_IMPLEMENTED: return "ENOSYS";
    case ERROR_INVALID_HANDLE: return "EBADF";
    case ERROR_TOO_MANY_OPEN_FILES: return "EMFILE";
    case ERROR_NOT_ENOUGH_MEMORY:
    case ERROR_OUTOFMEMORY: return "ENOMEM";
    case ERROR_DISK_FULL:
    case ERROR_HANDLE_DISK_FULL: return "ENOSPC";
    case ERROR_FILENAME_EXCED_RANGE:
    case ERROR_BUFFER_OVERFLOW: return "ENAMETOOLONG";
    case ERROR_TOO_MANY_LINKS: return "EMLINK";
    case ERROR_CANT_RESOLVE_FILENAME: return "ELOOP";
    case ERROR_WRITE_PROTECT: return "EROFS";
    case ERROR_CRC:
    case ERROR_IO_DEVICE:
    case ERROR_GEN_FAILURE: return "EIO";
    default: return "UNKNOWN";
  }
}

std::string Narrow(const std::wstring& wide) {
  if (wide.empty()) return "";
  int n = ::WideCharToMultiByte(CP_UTF8, 0, wide.data(), static_cast<int>(wide.size()), nullptr, 0,
                                nullptr, nullptr);
  std::string out(n > 0 ? n : 0, '\0');
  if (n > 0) {
    ::WideCharToMultiByte(CP_UTF8, 0, wide.data(), static_cast<int>(wide.size()), &out[0], n,
                          nullptr, nullptr);
  }
  return out;
}

// FormatMessage's text in UTF-8, without the trailing ".\r\n" (Node's messages have none).
std::string SystemMessage(DWORD err) {
  wchar_t* buf = nullptr;
  DWORD n = ::FormatMessageW(FORMAT_MESSAGE_ALLOCATE_BUFFER | FORMAT_MESSAGE_FROM_SYSTEM |
                                 FORMAT_MESSAGE_IGNORE_INSERTS,
                             nullptr, err, MAKELANGID(LANG_NEUTRAL, SUBLANG_DEFAULT),
                             reinterpret_cast<wchar_t*>(&buf), 0, nullptr);
  std::wstring text = n > 0 && buf ? std::wstring(buf, n) : std::wstring();
  if (buf) ::LocalFree(buf);
  while (!text.empty() && (text.back() == L'\r' || text.back() == L'\n' || text.back() == L' ' ||
                           text.back() == L'.')) {
    text.pop_back();
  }
  if (text.empty()) return "Windows error " + std::to_string(err);
  return Narrow(text);
}

Status FromWin32(DWORD err, const char* syscall) {
  Status s;
  s.code = ErrorName(err);
  s.syscall = syscall;
  s.sys_errno = static_cast<int>(err);
  s.message = SystemMessage(err);
  return s;
}

Status LastError(const char* syscall) { return FromWin32(::GetLastError(), syscall); }

// "Not supported here" answers: the OS or the volume does not know an information class.
bool Unsupported(DWORD err) {
  return err == ERROR_INVALID_PARAMETER || err == ERROR_NOT_SUPPORTED ||
         err == ERROR_INVALID_FUNCTION || err == ERROR_CALL_NOT_IMPLEMENTED;
}

// UTF-8 → full UTF-16 path. Full, because FileRenameInfo resolves a relative target against the
// process cwd; \\?\-prefixed when long, as Node does, so paths past MAX_PATH work.
Status WidePath(const std::string& utf8, std::wstring* out) {
  int n = ::MultiByteToWideChar(CP_UTF8, MB_ERR_INVALID_CHARS, utf8.data(),
                                static_cast<int>(utf8.size()), nullptr, 0);
  if (n <= 0) return LastError("MultiByteToWideChar");
  std::wstring wide(n, L'\0');
  ::MultiByteToWideChar(CP_UTF8, MB_ERR_INVALID_CHARS, utf8.data(), static_cast<int>(utf8.size()),
                        &wide[0], n);
  if (wide.compare(0, 4, L"\\\\?\\") == 0) {
    *out = wide;
    return Status::Ok();
  }
  DWORD len = ::GetFullPathNameW(wide.c_str(), 0, nullptr, nullptr);
  if (len == 0) return LastError("GetFullPathNameW");
  std::wstring full(len, L'\0');
  len = ::GetFullPathNameW(wide.c_str(), len, &full[0], nullptr);
  if (len == 0) return LastError("GetFullPathNameW");
  full.resize(len);
  if (full.size() >= MAX_PATH - 12) {
    if (full.compare(0, 2, L"\\\\") == 0) {
      full = L"\\\\?\\UNC\\" + full.substr(2);
    } else {
      full = L"\\\\?\\" + full;
    }
  }
  *out = full;
  return Status::Ok();
}

// Shares read, write and delete, so our handles never block other programs' renames or deletes.
HANDLE Open(const std::wstring& path, DWORD access, DWORD disposition, DWORD flags) {
  return ::CreateFileW(path.c_str(), access, FILE_SHARE_READ | FILE_SHARE_WRITE | FILE_SHARE_DELETE,
                       nullptr, disposition, flags, nullptr);
}

class Handle {
 public:
  explicit Handle(HANDLE h) : h_(h) {}
  ~Handle() {
    if (valid()) ::CloseHandle(h_);
  }
  Handle(const Handle&) = delete;
  Handle& operator=(const Handle&) = delete;
  bool valid() const { return h_ != INVALID_HANDLE_VALUE && h_ != nullptr; }
  HANDLE get() const { return h_; }

 private:
  HANDLE h_;
};

// 100 ns ticks since 1601-01-01 → ns since 1970-01-01.
int64_t UnixNs(LARGE_INTEGER t) {
  constexpr int64_t kEpochDelta = 116444736000000000LL;
  return (t.QuadPart - kEpochDelta) * 100;
}

// The mode libuv synthesises for Node's fs.stat on Windows: type bits plus 0666, or 0444 when
// read-only. Directories get no execute bits there either (Node reports 0o40666), so none here.
uint32_t ModeOf(Kind kind, DWORD attributes) {
  uint32_t mode = (attributes & FILE_ATTRIBUTE_READONLY) ? 0444 : 0666;
  switch (kind) {
    case Kind::Directory: return kIfDir | mode;
    case Kind::Symlink: return kIfLnk | mode;
    default: return kIfReg | mode;
  }
}

Status IdentityOf(HANDLE h, FileStat* out) {
  if (g_use_file_id_info) {
    FILE_ID_INFO id;
    if (::GetFileInformationByHandleEx(h, FileIdInfo, &id, sizeof id)) {
      unsigned long long low, high;
      std::memcpy(&low, id.FileId.Identifier, 8);
      std::memcpy(&high, id.FileId.Identifier + 8, 8);
      out->volume = id.VolumeSerialNumber;
      out->file_id = low;
      out->file_id_high = high;
      return Status::Ok();
    }
    DWORD err = ::GetLastError();
    // FileIdInfo is Windows 8+ and filesystem-dependent; else the 64-bit index below.
    if (!Unsupported(err)) return FromWin32(err, "GetFileInformationByHandleEx");
  }
  BY_HANDLE_FILE_INFORMATION info;
  if (!::GetFileInformationByHandle(h, &info)) return LastError("GetFileInformationByHandle");
  out->volume = info.dwVolumeSerialNumber;
  out->file_id = (static_cast<uint64_t>(info.nFileIndexHigh) << 32) | info.nFileIndexLow;
  return Status::Ok();
}

// `as_link`: the handle was opened on a reparse point itself (lstat); a symlink or a junction is
// reported as a symlink, like libuv. `*other_reparse` says it was some other reparse point.
Status StatHandle(HANDLE h, bool as_link, FileStat* out, bool* other_reparse = nullptr) {
  FILE_BASIC_INFO basic;
  if (!::GetFileInformationByHandleEx(h, FileBasicInfo, &basic, sizeof basic)) {
    return LastError("GetFileInformationByHandleEx");
  }
  FILE_STANDARD_INFO standard;
  if (!::GetFileInformationByHandleEx(h, FileStandardInfo, &standard, sizeof standard)) {
    return LastError("GetFileInformationByHandleEx");
  }
  Status s = IdentityOf(h, out);
  if (!s.ok()) return s;
  out->kind = (basic.FileAttributes & FILE_ATTRIBUTE_DIRECTORY) ? Kind::Directory : Kind::File;
  if (as_link && (basic.FileAttributes & FILE_ATTRIBUTE_REPARSE_POINT)) {
    FILE_ATTRIBUTE_TAG_INFO tag;
    if (::GetFileInformationByHandleEx(h, FileAttributeTagInfo, &tag, sizeof tag) &&
        (tag.ReparseTag == kReparseTagSymlink || tag.ReparseTag == kReparseTagMountPoint)) {
      out->kind = Kind::Symlink;
    } else if (other_reparse != nullptr) {
      *other_reparse = true;
    }
  }
  out->size = out->kind == Kind::Directory ? 0 : static_cast<uint64_t>(standard.EndOfFile.QuadPart);
  out->nlink = standard.NumberOfLinks;
  out->mode = ModeOf(out->kind, basic.FileAttributes);
  out->mtime_ns = UnixNs(basic.LastWriteTime);
  out->ctime_ns = UnixNs(basic.ChangeTime);
  out->birthtime_ns = UnixNs(basic.CreationTime);
  out->has_birthtime = true;
  return Status::Ok();
}

// Node's fd is a descriptor of the C runtime linked statically into node.exe (it imports no CRT
// DLL), not of the msvcrt.dll this DLL would reach through mingw's _get_osfhandle: that table does
// not know the fd, or knows another file under the same number. node.exe exports libuv's
// uv_get_osfhandle, which reads node's own table; embedders shipping node as a DLL export it there.
using GetOsfHandleFn = HANDLE (*)(int);

GetOsfHandleFn FindGetOsfHandle() {
  const wchar_t* modules[] = {nullptr, L"libnode.dll", L"node.dll"};
  for (const wchar_t* name : modules) {
    HMODULE m = ::GetModuleHandleW(name);
    if (m == nullptr) continue;
    FARPROC fn = ::GetProcAddress(m, "uv_get_osfhandle");
    if (fn != nullptr) return reinterpret_cast<GetOsfHandleFn>(reinterpret_cast<void*>(fn));
  }
  return nullptr;
}

Status RenameByHandle(HANDLE h, const std::wstring& to, bool posix_ex) {
  size_t bytes = to.size() * sizeof(wchar_t);
  std::vector<unsigned char> buf(offsetof(RenameInfo, FileName) + bytes + sizeof(wchar_t), 0);
  RenameInfo* info = reinterpret_cast<RenameInfo*>(buf.data());
  // Flags overlays ReplaceIfExists: zero means "never replace" for both classes.
  info->Flags = posix_ex ? kRenameFlagPosixSemantics : 0;
  info->RootDirectory = nullptr;
  info->FileNameLength = static_cast<DWORD>(bytes);
  std::memcpy(info->FileName, to.data(), bytes);
  if (!::SetFileInformationByHandle(h, posix_ex ? kFileRenameInfoEx : FileRenameInfo, info,
                                    static_cast<DWORD>(buf.size()))) {
    return LastError(posix_ex ? "SetFileInformationByHandle(FileRenameInfoEx)"
                              : "SetFileInformationByHandle(FileRenameInfo)");
  }
  return Status::Ok();
}

// Does this Windows know FileRenameInfoEx? Asked without side effects: a handle without DELETE
// access is refused for access on a Windows that knows the class, and for the class elsewhere
// (Wine answers ERROR_INVALID_PARAMETER). A volume that refuses it later still falls back per call.
bool KnowsRenameInfoEx() {
  wchar_t self[MAX_PATH];
  DWORD n = ::GetModuleFileNameW(nullptr, self, MAX_PATH);
  if (n == 0 || n >= MAX_PATH) return true;
  Handle h(Open(self, FILE_READ_ATTRIBUTES, OPEN_EXISTING, 0));
  if (!h.valid()) return true;
  std::wstring target = std::wstring(self) + L".peer-bridge-probe";
  Status s = RenameByHandle(h.get(), target, true);
  if (s.ok()) return true;  // cannot happen without DELETE access; the name is unused either way
  return !Unsupported(static_cast<DWORD>(s.sys_errno));
}

}  // namespace

void Init() {
  g_backend.platform = "win32";
  g_use_file_id_info = Forced("stat") != "GetFileInformationByHandle";
  std::string rename = Forced("rename");
  if (rename == "MoveFileExW") {
    g_rename_way = RenameWay::MoveFile;
  } else if (rename == "FileRenameInfo" || (rename != "FileRenameInfoEx" && !KnowsRenameInfoEx())) {
    g_rename_way = RenameWay::Info;
  } else {
    g_rename_way = RenameWay::InfoEx;
  }
  g_backend.stat = g_use_file_id_info ? "FileIdInfo" : "GetFileInformationByHandle";
  g_backend.rename = g_rename_way == RenameWay::InfoEx ? "FileRenameInfoEx"
                     : g_rename_way == RenameWay::Info ? "FileRenameInfo"
                                                       : "MoveFileExW";
  g_backend.link = "CreateHardLinkW";
  g_backend.fsync_directory = "FlushFileBuffers";
  g_backend.lock = "LockFileEx";
}

const Backend& GetBackend() { return g_backend; }

Status StatPath(const std::string& path, bool follow, FileStat* out) {
  std::wstring wide;
  Status s = WidePath(path, &wide);
  if (!s.ok()) return s;
  // Backup semantics opens directories; FILE_READ_ATTRIBUTES needs no read permission on content.
  DWORD flags = FILE_FLAG_BACKUP_SEMANTICS | (follow ? 0 : FILE_FLAG_OPEN_REPARSE_POINT);
  Handle h(Open(wide, FILE_READ_ATTRIBUTES, OPEN_EXISTING, flags));
  if (!h.valid()) return LastError("CreateFileW");
  bool other_reparse = false;
  s = StatHandle(h.get(), !follow, out, &other_reparse);
  // A reparse point that is not a link (a cloud placeholder, a dedup stub) describes its target.
  if (s.ok() && other_reparse) return StatPath(path, true, out);
  return s;
}

Status StatFd(int fd, FileStat* out) {
  static const GetOsfHandleFn get_osfhandle = FindGetOsfHandle();
  if (get_osfhandle == nullptr) {
    return FromWin32(ERROR_CALL_NOT_IMPLEMENTED, "uv_get_osfhandle");
  }
  HANDLE h = get_osfhandle(fd);
  if (h == INVALID_HANDLE_VALUE || h == nullptr) return FromWin32(ERROR_INVALID_HANDLE, "uv_get_osfhandle");
  return StatHandle(h, false, out);
}

Status RenameNoReplace(const std::string& from, const std::string& to) {
  std::wstring wfrom, wto;
  Status s = WidePath(from, &wfrom);
  if (!s.ok()) return s;
  s = WidePath(to, &wto);
  if (!s.ok()) return s;
  if (g_rename_way != RenameWay::MoveFile) {
    // The link itself is renamed, not its target (as rename(2)); backup semantics for directories.
    Handle h(Open(wfrom, DELETE | SYNCHRONIZE | FILE_READ_ATTRIBUTES, OPEN_EXISTING,
                  FILE_FLAG_BACKUP_SEMANTICS | FILE_FLAG_OPEN_REPARSE_POINT));
    if (!h.valid()) return LastError("CreateFileW");
    if (g_rename_way == RenameWay::InfoEx) {
      s = RenameByHandle(h.get(), wto, true);
      if (s.ok() || !Unsupported(static_cast<DWORD>(s.sys_errno))) return s;
      // This volume has no POSIX rename (FAT, some network shares): the classic class.
    }
    s = RenameByHandle(h.get(), wto, false);
    if (s.ok() || !Unsupported(static_cast<DWORD>(s.sys_errno))) return s;
  }
  // Without MOVEFILE_REPLACE_EXISTING an existing target is refused; no MOVEFILE_COPY_ALLOWED, so
  // another volume is EXDEV, never a copy.
  if (!::MoveFileExW(wfrom.c_str(), wto.c_str(), 0)) return LastError("MoveFileExW");
  return Status::Ok();
}

Status LinkNoOverwrite(const std::string& existing, const std::string& new_path) {
  std::wstring wexisting, wnew;
  Status s = WidePath(existing, &wexisting);
  if (!s.ok()) return s;
  s = WidePath(new_path, &wnew);
  if (!s.ok()) return s;
  if (::CreateHardLinkW(wnew.c_str(), wexisting.c_str(), nullptr)) return Status::Ok();
  DWORD err = ::GetLastError();
  s = FromWin32(err, "CreateHardLinkW");
  // Windows refuses to link a directory with "access denied"; POSIX link(2) says EPERM.
  DWORD attributes = ::GetFileAttributesW(wexisting.c_str());
  if (err == ERROR_ACCESS_DENIED && attributes != INVALID_FILE_ATTRIBUTES &&
      (attributes & FILE_ATTRIBUTE_DIRECTORY)) {
    s.code = "EPERM";
  }
  return s;
}

// FlushFileBuffers needs write access; a directory handle with write access is refused to
// non-owners, and NTFS answers ERROR_ACCESS_DENIED when a directory cannot be flushed. NTFS
// journals the directory change itself and flushing the file's handle commits that journal, so
// "access denied" on the directory flush is tolerated (and said in the README); other errors are not.
Status FsyncDirectory(const std::string& path) {
  std::wstring wide;
  Status s = WidePath(path, &wide);
  if (!s.ok()) return s;
  Handle h(Open(wide, GENERIC_READ | GENERIC_WRITE, OPEN_EXISTING, FILE_FLAG_BACKUP_SEMANTICS));
  HANDLE use = h.get();
  Handle read_only(h.valid() ? INVALID_HANDLE_VALUE
                             : Open(wide, GENERIC_READ, OPEN_EXISTING, FILE_FLAG_BACKUP_SEMANTICS));
  if (!h.valid()) {
    if (!read_only.valid()) return LastError("CreateFileW");
    use = read_only.get();
  }
  FILE_BASIC_INFO basic;
  if (!::GetFileInformationByHandleEx(use, FileBasicInfo, &basic, sizeof basic)) {
    return LastError("GetFileInformationByHandleEx");
  }
  if (!(basic.FileAttributes & FILE_ATTRIBUTE_DIRECTORY)) {
    return FromWin32(ERROR_DIRECTORY, "CreateFileW");
  }
  if (!::FlushFileBuffers(use)) {
    DWORD err = ::GetLastError();
    if (err != ERROR_ACCESS_DENIED) return FromWin32(err, "FlushFileBuffers");
  }
  return Status::Ok();
}

Status LockTry(const std::string& path, bool exclusive, LockToken* out) {
  std::wstring wide;
  Status s = WidePath(path, &wide);
  if (!s.ok()) return s;
  // The link itself is opened, never its target: a symlink or junction planted at the lock path
  // would otherwise create or lock a file of someone else's choosing. It is refused (ELOOP).
  HANDLE h = Open(wide, GENERIC_READ | GENERIC_WRITE, OPEN_ALWAYS,
                  FILE_ATTRIBUTE_NORMAL | FILE_FLAG_OPEN_REPARSE_POINT);
  if (h == INVALID_HANDLE_VALUE) return LastError("CreateFileW");
  FILE_ATTRIBUTE_TAG_INFO tag;
  if (::GetFileInformationByHandleEx(h, FileAttributeTagInfo, &tag, sizeof tag) &&
      (tag.FileAttributes & FILE_ATTRIBUTE_REPARSE_POINT) &&
      (tag.ReparseTag == kReparseTagSymlink || tag.ReparseTag == kReparseTagMountPoint)) {
    ::CloseHandle(h);
    return FromWin32(ERROR_CANT_RESOLVE_FILENAME, "CreateFileW");
  }
  // The whole range, like flock; locks belong to the handle, so another handle in this process
  // conflicts too, as with OFD locks.
  OVERLAPPED at;
  std::memset(&at, 0, sizeof at);
  DWORD flags = LOCKFILE_FAIL_IMMEDIATELY | (exclusive ? LOCKFILE_EXCLUSIVE_LOCK : 0);
  if (!::LockFileEx(h, flags, 0, MAXDWORD, MAXDWORD, &at)) {
    s = LastError("LockFileEx");
    ::CloseHandle(h);
    return s;
  }
  std::lock_guard<std::mutex> guard(g_locks_mutex);
  *out = g_next_token++;
  g_lock_handles[*out] = h;
  return Status::Ok();
}

Status LockRelease(LockToken token) {
  HANDLE h;
  {
    std::lock_guard<std::mutex> guard(g_locks_mutex);
    auto it = g_lock_handles.find(token);
    if (it == g_lock_handles.end()) return FromWin32(ERROR_INVALID_HANDLE, "CloseHandle");
    h = it->second;
    g_lock_handles.erase(it);
  }
  // Closing releases the lock too, but only "eventually" per the docs: unlock explicitly first.
  OVERLAPPED at;
  std::memset(&at, 0, sizeof at);
  Status s;
  if (!::UnlockFileEx(h, 0, MAXDWORD, MAXDWORD, &at)) s = LastError("UnlockFileEx");
  if (!::CloseHandle(h) && s.ok()) s = LastError("CloseHandle");
  return s;
}

static Status NotBuiltHere(const char* syscall) {
  Status s;
  s.code = "ENOSYS";
  s.syscall = syscall;
  s.sys_errno = 0;
  s.message = "not available on Windows";
  return s;
}

// Not built here: Windows takes the asynchronous path of peer-bridge/fs, which reads otherwise.
Status ReadSeen(const std::string& path, const FileStat& seen, std::string* out, bool* same, FileStat* now) {
  *same = false;
  return NotBuiltHere("readSeen");
}

// Not built here: whether a lock file was deleted while a handle kept it open cannot be told from
// the handle everywhere (Wine reports it undeleted), so the fs layer opens lock files per use.
Status LockPark(LockToken) { return NotBuiltHere("lockPark"); }
Status LockRetake(LockToken, bool, bool*) { return NotBuiltHere("lockRetake"); }

// Not built here: a replace on Windows may have to wait for another process to close the target
// (publish.ts retries), which the JavaScript path does.
Status ReplaceChecked(const ReplaceSpec& spec, bool* changed, FileStat* out) {
  *changed = false;
  return NotBuiltHere("replaceChecked");
}

}  // namespace pbn
