// peer-bridge-reaper: the supervisor of one runner child (Linux only). It makes itself a child
// subreaper (PR_SET_CHILD_SUBREAPER), starts the child, and stays its parent; every process of
// the child's tree that is orphaned (a double fork, a parent that exited) is re-parented to it
// rather than to init, so the whole tree stays findable through /proc/<pid>/task/*/children
// however it left the process group, the session or the spawn marker. Once the child has exited
// (or on SIGTERM/SIGINT/SIGHUP, and when the host dies: PR_SET_PDEATHSIG) it sends SIGTERM to
// everything left, SIGKILL after the grace period, and exits only when it has no child left.
//
// usage: peer-bridge-reaper <report-fd> <grace-ms> <host-pid> <file> [args...]
// (PEER_BRIDGE_REAPER_NICE in its environment: see LowerPriority)
// Reports, one line each on <report-fd>: `pid N`, `spawn-error ERRNO`, `exit CODE SIGNAL`
// (`-` for the one that does not apply), `swept N` (leftovers signalled), `stuck PID,…`, `done`.
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/signalfd.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

namespace {

// A growable list of pids (no C++ library: the binary links only libc, statically, so that
// starting it costs as little as starting /bin/true).
struct Pids {
  pid_t* items = nullptr;
  size_t size = 0;
  size_t capacity = 0;
  ~Pids() { free(items); }
  void push(pid_t pid) {
    if (size == capacity) {
      size_t next = capacity ? capacity * 2 : 16;
      pid_t* grown = static_cast<pid_t*>(realloc(items, next * sizeof(pid_t)));
      if (!grown) return;
      items = grown;
      capacity = next;
    }
    items[size++] = pid;
  }
  bool contains(pid_t pid) const {
    for (size_t i = 0; i < size; i++) if (items[i] == pid) return true;
    return false;
  }
};

int g_report = -1;
bool g_children_files = true;
// How long SIGKILLed processes may take to disappear before they are reported as stuck.
constexpr long kKillWaitMs = 5000;

void Report(const char* format, ...) {
  char line[512];
  va_list args;
  va_start(args, format);
  int n = vsnprintf(line, sizeof line, format, args);
  va_end(args);
  if (n <= 0) return;
  size_t len = static_cast<size_t>(n) < sizeof line ? static_cast<size_t>(n) : sizeof line - 1;
  // The host may be gone (SIGPIPE is ignored): the sweep goes on regardless.
  while (write(g_report, line, len) < 0 && errno == EINTR) {
  }
}

long NowMs() {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec * 1000L + t.tv_nsec / 1000000L;
}

void ReadPids(const char* file, Pids& out) {
  FILE* f = fopen(file, "re");
  if (!f) return;
  int pid;
  while (fscanf(f, "%d", &pid) == 1) out.push(pid);
  fclose(f);
}

// Direct children of `pid`: one `children` file per thread (CONFIG_PROC_CHILDREN).
void ChildrenOf(pid_t pid, Pids& out) {
  char dir[64];
  snprintf(dir, sizeof dir, "/proc/%d/task", pid);
  DIR* d = opendir(dir);
  if (!d) return;
  while (struct dirent* e = readdir(d)) {
    if (e->d_name[0] == '.') continue;
    char file[320];
    snprintf(file, sizeof file, "/proc/%d/task/%s/children", pid, e->d_name);
    ReadPids(file, out);
  }
  closedir(d);
}

// Kernels without children files: passes over /proc for parent links (only then).
void DescendantsByScan(Pids& out) {
  Pids pids, parents;
  DIR* d = opendir("/proc");
  if (!d) return;
  while (struct dirent* e = readdir(d)) {
    pid_t pid = static_cast<pid_t>(atoi(e->d_name));
    if (pid <= 0) continue;
    char file[64], stat[512];
    snprintf(file, sizeof file, "/proc/%d/stat", pid);
    int fd = open(file, O_RDONLY | O_CLOEXEC);
    if (fd < 0) continue;
    ssize_t n = read(fd, stat, sizeof stat - 1);
    close(fd);
    if (n <= 0) continue;
    stat[n] = '\0';
    const char* close_paren = strrchr(stat, ')');
    char state;
    int ppid;
    if (close_paren && sscanf(close_paren + 1, " %c %d", &state, &ppid) == 2) {
      pids.push(pid);
      parents.push(ppid);
    }
  }
  closedir(d);
  // Breadth first from this process: `out` is both the result and the frontier.
  pid_t self = getpid();
  for (size_t i = 0; i < pids.size; i++) if (parents.items[i] == self) out.push(pids.items[i]);
  for (size_t next = 0; next < out.size; next++) {
    for (size_t i = 0; i < pids.size; i++) if (parents.items[i] == out.items[next]) out.push(pids.items[i]);
  }
}

// Every live descendant of this process (a snapshot; callers repeat until none are left).
void Descendants(Pids& out) {
  if (!g_children_files) return DescendantsByScan(out);
  ChildrenOf(getpid(), out);
  for (size_t i = 0; i < out.size; i++) ChildrenOf(out.items[i], out);
}

// Signals every descendant (with `only_new`, those not signalled before); a stopped one is
// continued so that SIGTERM reaches it. `seen` collects every pid signalled.
void SignalTree(int sig, Pids& seen, bool only_new = false) {
  Pids now;
  Descendants(now);
  for (size_t i = 0; i < now.size; i++) {
    pid_t pid = now.items[i];
    if (only_new && seen.contains(pid)) continue;
    kill(pid, sig);
    if (sig != SIGKILL) kill(pid, SIGCONT);
    if (!seen.contains(pid)) seen.push(pid);
  }
}

// PEER_BRIDGE_REAPER_NICE=N (1 to 19): lower this process, and so the child and everything it
// starts, by N, and this session's autogroup to N (the scheduler weighs autogroups against each
// other when they are on). Best effort; the variable never reaches the child.
void LowerPriority() {
  const char* text = getenv("PEER_BRIDGE_REAPER_NICE");
  if (!text) return;
  int increment = atoi(text);
  unsetenv("PEER_BRIDGE_REAPER_NICE");
  if (increment <= 0 || increment > 19) return;
  int autogroup = open("/proc/self/autogroup", O_WRONLY | O_CLOEXEC);
  if (autogroup >= 0) {
    char value[8];
    int length = snprintf(value, sizeof value, "%d", increment);
    ssize_t ignored = write(autogroup, value, static_cast<size_t>(length));
    (void)ignored;
    close(autogroup);
  }
  errno = 0;
  int current = getpriority(PRIO_PROCESS, 0);
  if (errno != 0) return;
  int target = current + increment > 19 ? 19 : current + increment;
  setpriority(PRIO_PROCESS, 0, target);
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 5) {
    fprintf(stderr, "usage: peer-bridge-reaper <report-fd> <grace-ms> <host-pid> <file> [args...]\n");
    return 125;
  }
  g_report = atoi(argv[1]);
  long grace_ms = atol(argv[2]);
  pid_t host = static_cast<pid_t>(atoi(argv[3]));
  signal(SIGPIPE, SIG_IGN);
  fcntl(g_report, F_SETFD, FD_CLOEXEC);

  char probe[64];
  snprintf(probe, sizeof probe, "/proc/%d/task/%d/children", getpid(), getpid());
  g_children_files = access(probe, R_OK) == 0;
  if (prctl(PR_SET_CHILD_SUBREAPER, 1) != 0) {
    Report("spawn-error %d\n", errno);
    return 0;
  }
  sigset_t handled, previous;
  sigemptyset(&handled);
  sigaddset(&handled, SIGCHLD);
  sigaddset(&handled, SIGTERM);
  sigaddset(&handled, SIGINT);
  sigaddset(&handled, SIGHUP);
  sigprocmask(SIG_BLOCK, &handled, &previous);
  int signals = signalfd(-1, &handled, SFD_CLOEXEC | SFD_NONBLOCK);
  // The host's death is a termination request; it may already have happened before this line.
  prctl(PR_SET_PDEATHSIG, SIGTERM);
  bool terminating = getppid() != host;

  LowerPriority();

  int exec_error[2];
  if (signals < 0 || pipe2(exec_error, O_CLOEXEC) != 0) {
    Report("spawn-error %d\n", errno);
    return 0;
  }
  pid_t child = fork();
  if (child == 0) {
    sigprocmask(SIG_SETMASK, &previous, nullptr);
    signal(SIGPIPE, SIG_DFL);
    execv(argv[4], argv + 4);
    int error = errno;
    ssize_t ignored = write(exec_error[1], &error, sizeof error);
    (void)ignored;
    _exit(127);
  }
  close(exec_error[1]);
  if (child < 0) {
    Report("spawn-error %d\n", errno);
    return 0;
  }
  int error = 0;
  ssize_t got;
  while ((got = read(exec_error[0], &error, sizeof error)) < 0 && errno == EINTR) {
  }
  close(exec_error[0]);
  if (got == static_cast<ssize_t>(sizeof error)) {
    waitpid(child, nullptr, 0);
    Report("spawn-error %d\n", error);
    return 0;
  }
  // Our copies of the child's output pipes must not keep them open once its tree is gone.
  int null_fd = open("/dev/null", O_RDWR | O_CLOEXEC);
  if (null_fd >= 0) {
    dup2(null_fd, STDOUT_FILENO);
    dup2(null_fd, STDERR_FILENO);
  }
  Report("pid %d\n", child);

  bool child_done = false;
  bool sweeping = false;  // the child exited or termination was asked for
  long term_deadline = -1;
  long kill_deadline = -1;
  Pids seen;  // everything signalled (the child included when terminating)
  auto begin_sweep = [&]() {
    if (!sweeping) {
      sweeping = true;
      term_deadline = NowMs() + grace_ms;
    }
    SignalTree(SIGTERM, seen);
  };
  if (terminating) begin_sweep();

  for (;;) {
    bool no_children = false;
    for (;;) {
      int status;
      pid_t pid = waitpid(-1, &status, WNOHANG);
      if (pid > 0) {
        if (pid == child) {
          child_done = true;
          if (WIFSIGNALED(status)) Report("exit - %d\n", WTERMSIG(status));
          else Report("exit %d -\n", WEXITSTATUS(status));
          begin_sweep();
        }
        continue;
      }
      no_children = pid < 0 && errno == ECHILD;
      break;
    }
    if (child_done && no_children) break;
    long now = NowMs();
    if (sweeping && kill_deadline < 0 && now >= term_deadline) kill_deadline = now + kKillWaitMs;
    if (kill_deadline >= 0) {
      SignalTree(SIGKILL, seen);
      if (now >= kill_deadline) {
        Pids left;
        Descendants(left);
        char list[400] = "";
        size_t used = 0;
        for (size_t i = 0; i < left.size; i++) {
          int n = snprintf(list + used, sizeof list - used, used ? ",%d" : "%d", left.items[i]);
          if (n < 0 || used + n >= sizeof list) break;
          used += n;
        }
        Report("stuck %s\n", list);
        break;
      }
    } else if (sweeping) {
      // Newcomers (forked by a leftover since the last pass) get SIGTERM as well.
      SignalTree(SIGTERM, seen, true);
    }
    int timeout = -1;
    if (kill_deadline >= 0) timeout = 20;
    else if (sweeping) timeout = static_cast<int>(term_deadline <= now ? 0 : term_deadline - now < 50 ? term_deadline - now : 50);
    struct pollfd p = {signals, POLLIN, 0};
    poll(&p, 1, timeout);
    struct signalfd_siginfo info;
    while (read(signals, &info, sizeof info) == static_cast<ssize_t>(sizeof info)) {
      if (info.ssi_signo != SIGCHLD) begin_sweep();
    }
  }
  Report("swept %zu\n", seen.size - (seen.contains(child) ? 1 : 0));
  Report("done\n");
  return 0;
}
