#include "tools/frontend/base/output_file.hpp"

#include <fcntl.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <filesystem>

#include "tools/frontend/base/message_text.hpp"

namespace hcisim::frontend {
namespace fs = std::filesystem;
namespace {

[[noreturn]] void fail(const std::string& path, const std::string& why) {
  throw OutputError("cannot write " + in_quotes(path) + ": " + why);
}

std::string errno_text(int error) { return std::strerror(error); }

// --- temporary files removed on a signal ------------------------------------
// The handler may only use async-signal-safe calls: it unlinks the registered
// paths (fixed buffers, no allocation), restores the default action and
// re-raises, so the process ends as the signal meant it to.
constexpr int kSlots = 16;
constexpr std::size_t kPathBytes = 4096;
// Slot states: 0 free, 1 being filled in, 2 holds a path the handler may remove.
char g_temp_paths[kSlots][kPathBytes];
std::atomic<int> g_temp_state[kSlots];
constexpr int kSignals[] = {SIGINT, SIGTERM, SIGHUP, SIGXFSZ};

extern "C" void remove_temps_and_reraise(int signal_number) {
  for (int i = 0; i < kSlots; ++i) {
    if (g_temp_state[i].load() == 2) ::unlink(g_temp_paths[i]);
  }
  std::signal(signal_number, SIG_DFL);
  std::raise(signal_number);
}

// A temporary file for the duration of one write: removed unless committed.
class TempFile {
 public:
  TempFile(const fs::path& folder, const std::string& target_name) {
    for (int attempt = 0; attempt < 100 && fd_ < 0; ++attempt) {
      unsigned char random[8];
      if (getrandom(random, sizeof random, 0) != static_cast<ssize_t>(sizeof random)) {
        fail(target_name, "no random bytes for a temporary name: " + errno_text(errno));
      }
      char suffix[32];
      std::snprintf(suffix, sizeof suffix, "%02x%02x%02x%02x%02x%02x%02x%02x", random[0], random[1], random[2],
                    random[3], random[4], random[5], random[6], random[7]);
      std::string name(1, '.');
      name.append(target_name).append(1, '.').append(suffix).append(".tmp");
      path_ = (folder / name).string();
      if (path_.size() >= kPathBytes) fail(target_name, "the path is too long");
      register_path();
      fd_ = ::open(path_.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0666);
      if (fd_ < 0) {
        const int error = errno;
        unregister_path();
        if (error != EEXIST) fail((folder / target_name).string(), errno_text(error));
      }
    }
    if (fd_ < 0) fail(target_name, "no unused temporary name");
  }
  ~TempFile() {
    if (fd_ >= 0) ::close(fd_);
    if (!committed_) ::unlink(path_.c_str());
    unregister_path();
  }
  TempFile(const TempFile&) = delete;
  TempFile& operator=(const TempFile&) = delete;

  int fd() const { return fd_; }
  const std::string& path() const { return path_; }
  void close_and_commit_to(const std::string& target) {
    if (::fsync(fd_) != 0) fail(target, errno_text(errno));
    const int closed = ::close(fd_);
    fd_ = -1;
    if (closed != 0) fail(target, errno_text(errno));
    // The target must still be a regular file (or absent): never rename over a link or a device.
    struct stat st {};
    if (::lstat(target.c_str(), &st) == 0 && !S_ISREG(st.st_mode)) {
      fail(target, "it is no longer a regular file; not replaced");
    }
    if (::rename(path_.c_str(), target.c_str()) != 0) fail(target, errno_text(errno));
    committed_ = true;
  }

 private:
  void register_path() {
    for (int i = 0; i < kSlots; ++i) {
      int expected = 0;
      if (!g_temp_state[i].compare_exchange_strong(expected, 1)) continue;
      std::memcpy(g_temp_paths[i], path_.c_str(), path_.size() + 1);
      g_temp_state[i].store(2);
      slot_ = i;
      return;
    }
    slot_ = -1;  // more than kSlots writes at once: this one is not removed on a signal
  }
  void unregister_path() {
    if (slot_ >= 0) g_temp_state[slot_].store(0);
    slot_ = -1;
  }

  std::string path_;
  int fd_ = -1;
  int slot_ = -1;
  bool committed_ = false;
};

// Installs the signal handler for the duration of a write; restores what was there.
class SignalGuard {
 public:
  SignalGuard() {
    struct sigaction action {};
    action.sa_handler = remove_temps_and_reraise;
    sigemptyset(&action.sa_mask);
    for (std::size_t i = 0; i < std::size(kSignals); ++i) {
      struct sigaction old {};
      ::sigaction(kSignals[i], nullptr, &old);
      saved_[i] = old;
      // A signal the caller ignores (SIGXFSZ ignored: a write then fails with EFBIG) stays ignored.
      if (old.sa_handler != SIG_IGN) ::sigaction(kSignals[i], &action, nullptr);
    }
  }
  ~SignalGuard() {
    for (std::size_t i = 0; i < std::size(kSignals); ++i) ::sigaction(kSignals[i], &saved_[i], nullptr);
  }
  SignalGuard(const SignalGuard&) = delete;
  SignalGuard& operator=(const SignalGuard&) = delete;

 private:
  struct sigaction saved_[std::size(kSignals)]{};
};

void write_all(int fd, std::string_view text, const std::string& target) {
  while (!text.empty()) {
    const ssize_t n = ::write(fd, text.data(), text.size());
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) fail(target, n < 0 ? errno_text(errno) : "nothing written");
    text.remove_prefix(static_cast<std::size_t>(n));
  }
}

// Collects emitted pieces and writes them to `fd` in large blocks.
class BlockWriter {
 public:
  BlockWriter(int fd, const std::string& target) : fd_(fd), target_(target) {}
  void emit(std::string_view piece) {
    if (buffer_.size() + piece.size() > kBlock) flush();
    if (piece.size() >= kBlock) {
      write_all(fd_, piece, target_);
    } else {
      buffer_.append(piece);
    }
  }
  void flush() {
    write_all(fd_, buffer_, target_);
    buffer_.clear();
  }

 private:
  static constexpr std::size_t kBlock = 1 << 20;
  int fd_;
  const std::string& target_;
  std::string buffer_;
};

void write_produced(int fd, const std::string& target, const std::function<void(const OutputFile::Emit&)>& produce) {
  BlockWriter writer(fd, target);
  produce([&writer](std::string_view piece) { writer.emit(piece); });
  writer.flush();
}

fs::path folder_of(const std::string& path) {
  const fs::path parent = fs::path(path).parent_path();
  return parent.empty() ? fs::path(".") : parent;
}

}  // namespace

OutputFile::OutputFile(std::string path, Targets targets) : path_(std::move(path)) {
  if (path_.empty()) throw OutputError("an output file name is empty");
  if (path_ == "-" && targets == Targets::RegularFile) fail(path_, "expected a file, not standard output");
  if (path_ == "-") {
    kind_ = Kind::Stdout;
    identity_.assign(1, '-');
    return;
  }
  std::error_code ec;
  identity_ = fs::weakly_canonical(fs::absolute(path_, ec), ec).string();
  if (ec) identity_ = fs::absolute(path_).lexically_normal().string();

  struct stat link {};
  if (::lstat(path_.c_str(), &link) == 0) {
    struct stat target {};
    const bool resolves = ::stat(path_.c_str(), &target) == 0;
    if (S_ISLNK(link.st_mode) && !resolves) fail(path_, "it is a symbolic link to nothing");
    const mode_t mode = S_ISLNK(link.st_mode) ? target.st_mode : link.st_mode;
    if (S_ISDIR(mode)) fail(path_, "it is a folder");
    if (S_ISBLK(mode)) fail(path_, "it is a block device");
    if (S_ISREG(mode) && S_ISLNK(link.st_mode)) {
      fail(path_, "it is a symbolic link to a regular file; give the file's own path (links are not replaced)");
    }
    if (!S_ISREG(mode) && targets == Targets::RegularFile) {
      fail(path_, "it is not a regular file (a FIFO, a device or a socket); not opened");
    }
    if (!S_ISREG(mode)) {
      kind_ = Kind::Direct;
      if (::access(path_.c_str(), W_OK) != 0) fail(path_, errno_text(errno));
      return;
    }
  } else if (errno != ENOENT) {
    fail(path_, errno_text(errno));
  }
  // A new or regular file: the folder must take a temporary file now.
  const fs::path folder = folder_of(path_);
  struct stat dir {};
  if (::stat(folder.c_str(), &dir) != 0)
    fail(path_, "its folder " + in_quotes(folder.string()) + ": " + errno_text(errno));
  if (!S_ISDIR(dir.st_mode)) fail(path_, in_quotes(folder.string()) + " is not a folder");
  TempFile trial(folder, fs::path(path_).filename().string());
}

void OutputFile::write(std::string_view text) const {
  write_pieces([text](const Emit& emit) { emit(text); });
}

void OutputFile::write_pieces(const std::function<void(const Emit&)>& produce) const {
  switch (kind_) {
    case Kind::Stdout: {
      std::fflush(stdout);
      write_produced(STDOUT_FILENO, "standard output", produce);
      return;
    }
    case Kind::Direct: {
      const int fd = ::open(path_.c_str(), O_WRONLY | O_NOCTTY | O_CLOEXEC);
      if (fd < 0) fail(path_, errno_text(errno));
      struct stat st {};
      if (::fstat(fd, &st) != 0 || S_ISREG(st.st_mode) || S_ISDIR(st.st_mode)) {
        ::close(fd);
        fail(path_, "it is no longer a device, FIFO or socket; not written");
      }
      try {
        write_produced(fd, path_, produce);
      } catch (...) {
        ::close(fd);
        throw;
      }
      if (::close(fd) != 0) fail(path_, errno_text(errno));
      return;
    }
    case Kind::Replace: {
      const SignalGuard signals;
      TempFile temp(folder_of(path_), fs::path(path_).filename().string());
      write_produced(temp.fd(), path_, produce);
      temp.close_and_commit_to(path_);
      // Make the rename itself durable (best effort: some file systems refuse fsync on a folder).
      const int dir = ::open(folder_of(path_).c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
      if (dir >= 0) {
        ::fsync(dir);
        ::close(dir);
      }
      return;
    }
  }
}

void require_distinct(const std::vector<const OutputFile*>& files) {
  for (std::size_t i = 0; i < files.size(); ++i) {
    for (std::size_t j = 0; j < i; ++j) {
      if (files[i]->identity_ == files[j]->identity_) {
        throw OutputError("the same output file is given twice: " + in_quotes(files[j]->path()) + " and " +
                          in_quotes(files[i]->path()));
      }
    }
  }
}

void write_output_file(const std::string& path, std::string_view text) { OutputFile(path).write(text); }

void write_regular_file(const std::string& path, std::string_view text) {
  OutputFile(path, OutputFile::Targets::RegularFile).write(text);
}

}  // namespace hcisim::frontend
