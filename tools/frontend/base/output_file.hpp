// Writing a result file safely. An OutputFile checks its path when it is made
// (before any simulation, so a typo costs nothing) and writes when asked:
//
//   "-"                      standard output
//   a new or regular file    through a temporary file with a unique random name
//                            in the same folder, created exclusively without
//                            following links (O_CREAT | O_EXCL | O_NOFOLLOW),
//                            written, fsync'ed and renamed over the target
//                            only once complete: readers see the old file or
//                            the new one, never a part; two runs writing one
//                            path each leave a complete result (the last wins)
//   a character device,      written directly (never replaced); also through a
//   FIFO or socket           symbolic link, so /dev/stdout and /dev/null work
//   anything else            refused: an empty path, a folder, a block device,
//                            a link to a regular file (give the file's own
//                            path), a dangling link, a missing or unwritable folder
//
// A failed write removes its temporary file, and so does SIGINT, SIGTERM,
// SIGHUP or SIGXFSZ arriving during the write (the signal then ends the
// process as it would have). Errors are OutputError naming the target.
#pragma once

#include <functional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace hcisim::frontend {

class OutputError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

class OutputFile {
 public:
  // Checks `path` now; throws OutputError when it cannot be written. With
  // Targets::RegularFile only a new or regular file is (no "-", device, FIFO
  // or socket: a path a program owns, like a sweep's point file).
  enum class Targets { Any, RegularFile };
  explicit OutputFile(std::string path, Targets targets = Targets::Any);

  const std::string& path() const { return path_; }
  bool is_stdout() const { return kind_ == Kind::Stdout; }

  // Writes `text` as described above; throws OutputError.
  void write(std::string_view text) const;
  // The same with the text made piece by piece: `produce` calls `emit` with
  // each piece in order, so a large output is never held whole.
  using Emit = std::function<void(std::string_view)>;
  void write_pieces(const std::function<void(const Emit&)>& produce) const;

 private:
  enum class Kind { Stdout, Replace, Direct };
  std::string path_;
  Kind kind_ = Kind::Replace;
  std::string identity_;  // the resolved path, to tell two names of one file apart

  friend void require_distinct(const std::vector<const OutputFile*>& files);
};

// Throws OutputError when two of `files` are the same target (also "-" twice,
// or "r.json" and "./r.json").
void require_distinct(const std::vector<const OutputFile*>& files);

// OutputFile(path).write(text): for one file written at once.
void write_output_file(const std::string& path, std::string_view text);
// The same with Targets::RegularFile.
void write_regular_file(const std::string& path, std::string_view text);

}  // namespace hcisim::frontend
