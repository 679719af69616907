// Thin N-API glue: argument checks, conversion of results and errors, and Promise-returning forms
// that run the same platform calls on Node's thread pool. The work itself is in native/src.
#include <napi.h>

#include <cerrno>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_set>
#include <vector>

#include "peer_bridge_native.h"

namespace {

using pbn::FileStat;
using pbn::Status;

// Shaped like Node's own fs errors: "EEXIST: file already exists, renameNoReplace 'a' -> 'b'".
Napi::Error MakeError(Napi::Env env, const Status& s, const std::string& op,
                      const std::string& path, const std::string& dest) {
  std::string text = std::string(s.code) + ": " + s.message + ", " + op;
  if (!path.empty()) text += " '" + path + "'";
  if (!dest.empty()) text += " -> '" + dest + "'";
  Napi::Error error = Napi::Error::New(env, text);
  Napi::Object obj = error.Value();
  obj.Set("code", s.code);
  obj.Set("syscall", s.syscall ? s.syscall : op.c_str());
  obj.Set("errno", s.sys_errno);
  if (!path.empty()) obj.Set("path", path);
  if (!dest.empty()) obj.Set("dest", dest);
  return error;
}

// A stat result crosses into JavaScript through two typed arrays instead of an object: building
// an object property by property through N-API costs more than the stat itself. The layout is
// mirrored by src/native/stat-layout.ts.
constexpr size_t kNumbers = 7;  // kind, mode, nlink, size, has_birthtime, uid, gid (-1: none)
constexpr size_t kBigInts = 6;  // mtime_ns, ctime_ns, birthtime_ns, volume, file_id, file_id_high

void Fill(const FileStat& st, double* n, int64_t* b) {
  n[0] = static_cast<double>(st.kind);
  n[1] = st.mode;
  n[2] = static_cast<double>(st.nlink);
  n[3] = static_cast<double>(st.size);
  n[4] = st.has_birthtime ? 1 : 0;
  n[5] = static_cast<double>(st.uid);
  n[6] = static_cast<double>(st.gid);
  b[0] = st.mtime_ns;
  b[1] = st.ctime_ns;
  b[2] = st.birthtime_ns;
  b[3] = static_cast<int64_t>(st.volume);
  b[4] = static_cast<int64_t>(st.file_id);
  b[5] = static_cast<int64_t>(st.file_id_high);
}

// Per-environment state (one per main thread or worker): the buffers the sync stat calls fill,
// and the locks this environment holds. Node deletes it when the environment ends, so a worker
// that ends without releasing its locks releases them then instead of holding them for the life
// of the process, where no handle could ever release them again.
struct Addon {
  Napi::Reference<Napi::Float64Array> numbers_ref;
  Napi::Reference<Napi::BigInt64Array> bigints_ref;
  double* numbers = nullptr;
  int64_t* bigints = nullptr;
  std::unordered_set<pbn::LockToken> locks;

  ~Addon() {
    for (pbn::LockToken token : locks) pbn::LockRelease(token);
  }
};

// The async forms resolve with a fresh pair of arrays, decoded by the same JavaScript function.
Napi::Value StatToJs(Napi::Env env, const FileStat& st) {
  Napi::Float64Array n = Napi::Float64Array::New(env, kNumbers);
  Napi::BigInt64Array b = Napi::BigInt64Array::New(env, kBigInts);
  Fill(st, n.Data(), b.Data());
  Napi::Array pair = Napi::Array::New(env, 2);
  pair.Set(0u, n);
  pair.Set(1u, b);
  return pair;
}

Napi::Value FillSync(Napi::Env env, const FileStat& st) {
  Addon* addon = env.GetInstanceData<Addon>();
  Fill(st, addon->numbers, addon->bigints);
  return env.Undefined();
}

// Argument checks throw TypeErrors with Node's codes: bad input must never crash the process.
bool TakePath(const Napi::CallbackInfo& info, size_t i, const char* name, std::string* out) {
  Napi::Env env = info.Env();
  if (info.Length() <= i || !info[i].IsString()) {
    Napi::Error e = Napi::TypeError::New(env, std::string("The \"") + name +
                                                  "\" argument must be a string");
    e.Set("code", "ERR_INVALID_ARG_TYPE");
    e.ThrowAsJavaScriptException();
    return false;
  }
  *out = info[i].As<Napi::String>().Utf8Value();
  if (out->empty() || out->find('\0') != std::string::npos) {
    Napi::Error e = Napi::TypeError::New(
        env, std::string("The \"") + name + "\" argument must be a non-empty string without null bytes");
    e.Set("code", "ERR_INVALID_ARG_VALUE");
    e.ThrowAsJavaScriptException();
    return false;
  }
  return true;
}

// `max` bounds the value before any conversion: a double outside int64's range has no defined
// conversion, and a descriptor past INT32_MAX would be truncated into another, open descriptor.
bool TakeInt(const Napi::CallbackInfo& info, size_t i, const char* name, int64_t max,
             int64_t* out) {
  Napi::Env env = info.Env();
  if (info.Length() <= i || !info[i].IsNumber()) {
    Napi::Error e = Napi::TypeError::New(env, std::string("The \"") + name +
                                                  "\" argument must be an integer");
    e.Set("code", "ERR_INVALID_ARG_TYPE");
    e.ThrowAsJavaScriptException();
    return false;
  }
  double value = info[i].As<Napi::Number>().DoubleValue();
  if (!(value >= 0 && value <= static_cast<double>(max)) ||
      value != static_cast<double>(static_cast<int64_t>(value))) {
    Napi::Error e = Napi::RangeError::New(env, std::string("The \"") + name +
                                                   "\" argument must be an integer from 0 to " +
                                                   std::to_string(max));
    e.Set("code", "ERR_OUT_OF_RANGE");
    e.ThrowAsJavaScriptException();
    return false;
  }
  *out = static_cast<int64_t>(value);
  return true;
}

constexpr int64_t kMaxFd = INT32_MAX;
constexpr int64_t kMaxToken = (int64_t{1} << 53) - 1;  // tokens cross as exact JavaScript numbers

bool TakeBool(const Napi::CallbackInfo& info, size_t i, bool fallback) {
  if (info.Length() <= i || !info[i].IsBoolean()) return fallback;
  return info[i].As<Napi::Boolean>().Value();
}

// One platform call on the thread pool, settling a Promise with `convert(result)` or an error.
class Job : public Napi::AsyncWorker {
 public:
  using Work = std::function<Status()>;
  using Convert = std::function<Napi::Value(Napi::Env)>;

  Job(Napi::Env env, std::string op, std::string path, std::string dest, Work work,
      Convert convert)
      : Napi::AsyncWorker(env),
        deferred_(Napi::Promise::Deferred::New(env)),
        op_(std::move(op)),
        path_(std::move(path)),
        dest_(std::move(dest)),
        work_(std::move(work)),
        convert_(std::move(convert)) {}

  Napi::Promise Promise() { return deferred_.Promise(); }

 protected:
  void Execute() override { status_ = work_(); }
  void OnOK() override {
    Napi::Env env = Env();
    if (status_.ok()) {
      deferred_.Resolve(convert_(env));
    } else {
      deferred_.Reject(MakeError(env, status_, op_, path_, dest_).Value());
    }
  }

 private:
  Napi::Promise::Deferred deferred_;
  std::string op_, path_, dest_;
  Work work_;
  Convert convert_;
  Status status_;
};

Napi::Value Queue(Napi::Env env, const char* op, std::string path, std::string dest,
                  Job::Work work, Job::Convert convert) {
  Job* job = new Job(env, op, std::move(path), std::move(dest), std::move(work), std::move(convert));
  Napi::Promise promise = job->Promise();
  job->Queue();
  return promise;
}

Napi::Value StatPath(const Napi::CallbackInfo& info) {
  std::string path;
  if (!TakePath(info, 0, "path", &path)) return info.Env().Undefined();
  FileStat st;
  Status s = pbn::StatPath(path, TakeBool(info, 1, true), &st);
  if (!s.ok()) throw MakeError(info.Env(), s, "statPath", path, "");
  return FillSync(info.Env(), st);
}

Napi::Value StatPathAsync(const Napi::CallbackInfo& info) {
  std::string path;
  if (!TakePath(info, 0, "path", &path)) return info.Env().Undefined();
  bool follow = TakeBool(info, 1, true);
  auto st = std::make_shared<FileStat>();
  return Queue(info.Env(), "statPath", path, "",
               [=] { return pbn::StatPath(path, follow, st.get()); },
               [=](Napi::Env env) { return StatToJs(env, *st); });
}

Napi::Value StatFd(const Napi::CallbackInfo& info) {
  int64_t fd;
  if (!TakeInt(info, 0, "fd", kMaxFd, &fd)) return info.Env().Undefined();
  FileStat st;
  Status s = pbn::StatFd(static_cast<int>(fd), &st);
  if (!s.ok()) throw MakeError(info.Env(), s, "statFd", "", "");
  return FillSync(info.Env(), st);
}

Napi::Value StatFdAsync(const Napi::CallbackInfo& info) {
  int64_t fd;
  if (!TakeInt(info, 0, "fd", kMaxFd, &fd)) return info.Env().Undefined();
  auto st = std::make_shared<FileStat>();
  return Queue(info.Env(), "statFd", "", "",
               [=] { return pbn::StatFd(static_cast<int>(fd), st.get()); },
               [=](Napi::Env env) { return StatToJs(env, *st); });
}

// renameNoReplace, linkNoOverwrite: two paths in, nothing out.
template <Status (*Op)(const std::string&, const std::string&)>
Napi::Value TwoPaths(const Napi::CallbackInfo& info, const char* op, bool async) {
  std::string from, to;
  if (!TakePath(info, 0, "from", &from) || !TakePath(info, 1, "to", &to)) {
    return info.Env().Undefined();
  }
  if (async) {
    return Queue(info.Env(), op, from, to, [=] { return Op(from, to); },
                 [](Napi::Env env) { return env.Undefined(); });
  }
  Status s = Op(from, to);
  if (!s.ok()) throw MakeError(info.Env(), s, op, from, to);
  return info.Env().Undefined();
}

Napi::Value FsyncDirectory(const Napi::CallbackInfo& info, bool async) {
  std::string path;
  if (!TakePath(info, 0, "path", &path)) return info.Env().Undefined();
  if (async) {
    return Queue(info.Env(), "fsyncDirectory", path, "", [=] { return pbn::FsyncDirectory(path); },
                 [](Napi::Env env) { return env.Undefined(); });
  }
  Status s = pbn::FsyncDirectory(path);
  if (!s.ok()) throw MakeError(info.Env(), s, "fsyncDirectory", path, "");
  return info.Env().Undefined();
}

// Takes argument 0 as the token of a lock this environment took (`forget`: and forgets it), or
// throws: tokens are process-wide numbers, and another worker's lock is not this one's to touch.
bool TakeOwnToken(const Napi::CallbackInfo& info, const char* step, bool forget, int64_t* token) {
  if (!TakeInt(info, 0, "token", kMaxToken, token)) return false;
  auto& locks = info.Env().GetInstanceData<Addon>()->locks;
  if ((forget ? locks.erase(*token) : locks.count(*token)) == 0) {
    Status unknown;
    unknown.code = "EBADF";
    unknown.syscall = "release";
    unknown.sys_errno = EBADF;
    unknown.message = "no lock with this token is held by this thread";
    throw MakeError(info.Env(), unknown, step, "", "");
  }
  return true;
}

// A non-blocking attempt is cheap enough for the main thread; waiting happens in JavaScript.
Napi::Value LockTry(const Napi::CallbackInfo& info) {
  std::string path;
  if (!TakePath(info, 0, "path", &path)) return info.Env().Undefined();
  pbn::LockToken token = 0;
  Status s = pbn::LockTry(path, TakeBool(info, 1, true), &token);
  if (!s.ok()) throw MakeError(info.Env(), s, "lock", path, "");
  info.Env().GetInstanceData<Addon>()->locks.insert(token);
  return Napi::Number::New(info.Env(), static_cast<double>(token));
}

Napi::Value LockRelease(const Napi::CallbackInfo& info) {
  int64_t token;
  if (!TakeOwnToken(info, "release", true, &token)) return info.Env().Undefined();
  Status s = pbn::LockRelease(token);
  if (!s.ok()) throw MakeError(info.Env(), s, "release", "", "");
  return info.Env().Undefined();
}

// Releases a lock this environment holds and keeps its file open under the same token.
Napi::Value LockPark(const Napi::CallbackInfo& info) {
  int64_t token;
  if (!TakeOwnToken(info, "park", false, &token)) return info.Env().Undefined();
  Status s = pbn::LockPark(token);
  if (!s.ok()) throw MakeError(info.Env(), s, "park", "", "");
  return info.Env().Undefined();
}

// Takes a parked lock again without waiting: true when held, false when its file was removed
// meanwhile (then nothing is held; release the token and lock the path again).
Napi::Value LockRetake(const Napi::CallbackInfo& info) {
  int64_t token;
  if (!TakeOwnToken(info, "retake", false, &token)) return info.Env().Undefined();
  bool stale = false;
  Status s = pbn::LockRetake(token, TakeBool(info, 1, true), &stale);
  if (!s.ok()) throw MakeError(info.Env(), s, "lock", "", "");
  return Napi::Boolean::New(info.Env(), !stale);
}

// Bytes handed in as a Uint8Array (a Buffer), read in place: nothing runs JavaScript during a
// synchronous call, so the memory stays put.
bool TakeBytes(const Napi::CallbackInfo& info, size_t i, const char* name, const uint8_t** data,
               size_t* length) {
  if (info.Length() <= i || !info[i].IsTypedArray() ||
      info[i].As<Napi::TypedArray>().TypedArrayType() != napi_uint8_array) {
    Napi::Error e = Napi::TypeError::New(info.Env(), std::string("The \"") + name +
                                                         "\" argument must be a Uint8Array");
    e.Set("code", "ERR_INVALID_ARG_TYPE");
    e.ThrowAsJavaScriptException();
    return false;
  }
  Napi::Uint8Array array = info[i].As<Napi::Uint8Array>();
  *data = array.Data();
  *length = array.ByteLength();
  return true;
}

// -1 (none) or an integer from 0 to `max`.
bool TakeOptionalInt(const Napi::CallbackInfo& info, size_t i, const char* name, int64_t max,
                     int64_t* out) {
  if (info.Length() > i && info[i].IsNumber() && info[i].As<Napi::Number>().DoubleValue() == -1) {
    *out = -1;
    return true;
  }
  return TakeInt(info, i, name, max, out);
}

bool TakeBigInt(const Napi::CallbackInfo& info, size_t i, const char* name, int64_t* out) {
  bool lossless = false;
  if (info.Length() > i && info[i].IsBigInt()) {
    *out = info[i].As<Napi::BigInt>().Int64Value(&lossless);
    if (lossless) return true;
  }
  Napi::Error e = Napi::TypeError::New(info.Env(), std::string("The \"") + name +
                                                       "\" argument must be a 64-bit bigint");
  e.Set("code", "ERR_INVALID_ARG_TYPE");
  e.ThrowAsJavaScriptException();
  return false;
}

// Identity numbers cross as the hex text JavaScript shows them (stat-layout.ts): up to 16 digits.
bool TakeHex64(const Napi::CallbackInfo& info, size_t i, const char* name, uint64_t* out) {
  std::string text;
  if (info.Length() > i && info[i].IsString()) text = info[i].As<Napi::String>().Utf8Value();
  bool valid = !text.empty() && text.size() <= 16 &&
               text.find_first_not_of("0123456789abcdef") == std::string::npos;
  if (valid) {
    *out = std::stoull(text, nullptr, 16);
    return true;
  }
  Napi::Error e = Napi::TypeError::New(info.Env(), std::string("The \"") + name +
                                                       "\" argument must be 1 to 16 lower-case hex digits");
  e.Set("code", "ERR_INVALID_ARG_VALUE");
  e.ThrowAsJavaScriptException();
  return false;
}

// replaceChecked's arguments (stage, target, dir, bytes, mode, uid, gid, known, volume, fileId,
// size, seenMode, mtimeNs, ctimeNs) into `spec`; false (a TypeError pending) when one is bad. The
// spec points into the caller's buffers.
bool TakeReplaceSpec(const Napi::CallbackInfo& info, pbn::ReplaceSpec* spec) {
  int64_t size = 0, seen_mode = 0;
  if (!TakePath(info, 0, "stage", &spec->stage) || !TakePath(info, 1, "target", &spec->target) ||
      !TakePath(info, 2, "dir", &spec->dir) || !TakeBytes(info, 3, "bytes", &spec->bytes, &spec->length) ||
      !TakeOptionalInt(info, 4, "mode", 07777, &spec->mode) ||
      !TakeOptionalInt(info, 5, "uid", UINT32_MAX - 1, &spec->uid) ||
      !TakeOptionalInt(info, 6, "gid", UINT32_MAX - 1, &spec->gid) ||
      !TakeBytes(info, 7, "known", &spec->known, &spec->known_length) ||
      !TakeHex64(info, 8, "volume", &spec->seen.volume) ||
      !TakeHex64(info, 9, "fileId", &spec->seen.file_id) ||
      !TakeInt(info, 10, "size", kMaxToken, &size) ||
      !TakeInt(info, 11, "seenMode", UINT32_MAX, &seen_mode) ||
      !TakeBigInt(info, 12, "mtimeNs", &spec->seen.mtime_ns) ||
      !TakeBigInt(info, 13, "ctimeNs", &spec->seen.ctime_ns)) {
    return false;
  }
  spec->seen.size = static_cast<uint64_t>(size);
  spec->seen.mode = static_cast<uint32_t>(seen_mode);
  spec->seen.kind = pbn::Kind::File;
  return true;
}

// A failed replace names the path of the step that failed: the directory after the rename, the
// stage (and the target) before it.
Napi::Error ReplaceError(Napi::Env env, const Status& s, const pbn::ReplaceSpec& spec) {
  std::string step = s.syscall ? s.syscall : "";
  if (step == "fsyncDirectory") return MakeError(env, s, "replaceChecked", spec.dir, "");
  return MakeError(env, s, "replaceChecked", spec.stage, step == "rename" ? spec.target : "");
}

// replaceChecked(...TakeReplaceSpec's arguments): true when published (the stage's stat in the
// shared arrays), false when the target was not as seen (nothing published).
Napi::Value ReplaceChecked(const Napi::CallbackInfo& info) {
  Napi::Env env = info.Env();
  pbn::ReplaceSpec spec;
  if (!TakeReplaceSpec(info, &spec)) return env.Undefined();
  bool changed = false;
  FileStat st;
  pbn::Status s = pbn::ReplaceChecked(spec, &changed, &st);
  if (!s.ok()) throw ReplaceError(env, s, spec);
  if (changed) return Napi::Boolean::New(env, false);
  FillSync(env, st);
  return Napi::Boolean::New(env, true);
}

// The same steps on the thread pool, so that their fsyncs never hold the event loop: the bytes
// are copied first (JavaScript may reuse its buffers meanwhile).
class ReplaceJob : public Napi::AsyncWorker {
 public:
  ReplaceJob(Napi::Env env, pbn::ReplaceSpec spec)
      : Napi::AsyncWorker(env), deferred_(Napi::Promise::Deferred::New(env)), spec_(std::move(spec)) {
    bytes_.assign(spec_.bytes, spec_.bytes + spec_.length);
    known_.assign(spec_.known, spec_.known + spec_.known_length);
    spec_.bytes = bytes_.data();
    spec_.known = known_.data();
  }
  Napi::Promise Promise() { return deferred_.Promise(); }

 protected:
  void Execute() override { status_ = pbn::ReplaceChecked(spec_, &changed_, &st_); }
  void OnOK() override {
    Napi::Env env = Env();
    if (!status_.ok()) return deferred_.Reject(ReplaceError(env, status_, spec_).Value());
    // null: the target was not as seen, nothing published; else the stage's stat.
    deferred_.Resolve(changed_ ? env.Null() : StatToJs(env, st_));
  }

 private:
  Napi::Promise::Deferred deferred_;
  pbn::ReplaceSpec spec_;
  std::vector<uint8_t> bytes_, known_;
  Status status_;
  bool changed_ = false;
  FileStat st_;
};

Napi::Value ReplaceCheckedAsync(const Napi::CallbackInfo& info) {
  pbn::ReplaceSpec spec;
  if (!TakeReplaceSpec(info, &spec)) return info.Env().Undefined();
  ReplaceJob* job = new ReplaceJob(info.Env(), std::move(spec));
  Napi::Promise promise = job->Promise();
  job->Queue();
  return promise;
}

// readSeen(path, volume, fileId, size, mode, mtimeNs, ctimeNs): the file's bytes when its handle,
// after the read, is still that regular file unchanged (its stat in the shared arrays); otherwise
// undefined, and the caller reads the full way.
Napi::Value ReadSeen(const Napi::CallbackInfo& info) {
  Napi::Env env = info.Env();
  std::string path;
  FileStat seen;
  int64_t size = 0, mode = 0;
  if (!TakePath(info, 0, "path", &path) || !TakeHex64(info, 1, "volume", &seen.volume) ||
      !TakeHex64(info, 2, "fileId", &seen.file_id) || !TakeInt(info, 3, "size", kMaxToken, &size) ||
      !TakeInt(info, 4, "mode", UINT32_MAX, &mode) || !TakeBigInt(info, 5, "mtimeNs", &seen.mtime_ns) ||
      !TakeBigInt(info, 6, "ctimeNs", &seen.ctime_ns)) {
    return env.Undefined();
  }
  seen.size = static_cast<uint64_t>(size);
  seen.mode = static_cast<uint32_t>(mode);
  seen.kind = pbn::Kind::File;
  std::string bytes;
  bool same = false;
  FileStat now;
  pbn::Status s = pbn::ReadSeen(path, seen, &bytes, &same, &now);
  if (!s.ok()) throw MakeError(env, s, "readSeen", path, "");
  if (!same) return env.Undefined();
  FillSync(env, now);
  return Napi::Buffer<char>::Copy(env, bytes.data(), bytes.size());
}

Napi::Object BackendToJs(Napi::Env env) {
  const pbn::Backend& b = pbn::GetBackend();
  Napi::Object obj = Napi::Object::New(env);
  obj.Set("platform", b.platform);
  obj.Set("stat", b.stat);
  obj.Set("rename", b.rename);
  obj.Set("link", b.link);
  obj.Set("fsyncDirectory", b.fsync_directory);
  obj.Set("lock", b.lock);
  obj.Freeze();
  return obj;
}

Napi::Object Init(Napi::Env env, Napi::Object exports) {
  // Every worker that loads the addon runs this; the probe and the backend strings are
  // process-wide, and two workers loading at once must not write them concurrently.
  static std::once_flag probed;
  std::call_once(probed, pbn::Init);
  Addon* addon = new Addon();
  Napi::Float64Array numbers = Napi::Float64Array::New(env, kNumbers);
  Napi::BigInt64Array bigints = Napi::BigInt64Array::New(env, kBigInts);
  addon->numbers = numbers.Data();
  addon->bigints = bigints.Data();
  addon->numbers_ref = Napi::Persistent(numbers);
  addon->bigints_ref = Napi::Persistent(bigints);
  env.SetInstanceData(addon);
  exports.Set("statNumbers", numbers);
  exports.Set("statBigInts", bigints);
  exports.Set("backend", BackendToJs(env));
  exports.Set("statPath", Napi::Function::New(env, StatPath));
  exports.Set("statPathAsync", Napi::Function::New(env, StatPathAsync));
  exports.Set("statFd", Napi::Function::New(env, StatFd));
  exports.Set("replaceChecked", Napi::Function::New(env, ReplaceChecked));
  exports.Set("replaceCheckedAsync", Napi::Function::New(env, ReplaceCheckedAsync));
  exports.Set("readSeen", Napi::Function::New(env, ReadSeen));
  exports.Set("statFdAsync", Napi::Function::New(env, StatFdAsync));
  exports.Set("renameNoReplace", Napi::Function::New(env, [](const Napi::CallbackInfo& i) {
                return TwoPaths<pbn::RenameNoReplace>(i, "renameNoReplace", false);
              }));
  exports.Set("renameNoReplaceAsync", Napi::Function::New(env, [](const Napi::CallbackInfo& i) {
                return TwoPaths<pbn::RenameNoReplace>(i, "renameNoReplace", true);
              }));
  exports.Set("linkNoOverwrite", Napi::Function::New(env, [](const Napi::CallbackInfo& i) {
                return TwoPaths<pbn::LinkNoOverwrite>(i, "linkNoOverwrite", false);
              }));
  exports.Set("linkNoOverwriteAsync", Napi::Function::New(env, [](const Napi::CallbackInfo& i) {
                return TwoPaths<pbn::LinkNoOverwrite>(i, "linkNoOverwrite", true);
              }));
  exports.Set("fsyncDirectory", Napi::Function::New(env, [](const Napi::CallbackInfo& i) {
                return FsyncDirectory(i, false);
              }));
  exports.Set("fsyncDirectoryAsync", Napi::Function::New(env, [](const Napi::CallbackInfo& i) {
                return FsyncDirectory(i, true);
              }));
  exports.Set("lockTry", Napi::Function::New(env, LockTry));
  exports.Set("lockRelease", Napi::Function::New(env, LockRelease));
  exports.Set("lockPark", Napi::Function::New(env, LockPark));
  exports.Set("lockRetake", Napi::Function::New(env, LockRetake));
  return exports;
}

}  // namespace

NODE_API_MODULE(peer_bridge, Init)
