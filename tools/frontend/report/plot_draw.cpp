#include "tools/frontend/report/plot_draw.hpp"

#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <stdexcept>

#include "tools/frontend/base/message_text.hpp"
#include "tools/frontend/base/output_file.hpp"
#include "tools/frontend/report/plot_text.hpp"

extern char** environ;

namespace hcisim::frontend::plot {

namespace fs = std::filesystem;

namespace {

// A private folder (mode 0700, removed when done) where gnuplot writes its
// picture and log: nothing gnuplot opens for writing is in the user's folder.
class ScratchFolder {
 public:
  ScratchFolder() {
    std::string pattern = (fs::temp_directory_path() / "hcisim-plot-XXXXXX").string();
    if (::mkdtemp(pattern.data()) == nullptr) throw std::runtime_error("--plot: cannot make a scratch folder");
    path_ = pattern;
  }
  ~ScratchFolder() {
    std::error_code ec;
    fs::remove_all(path_, ec);
  }
  ScratchFolder(const ScratchFolder&) = delete;
  ScratchFolder& operator=(const ScratchFolder&) = delete;
  const fs::path& path() const { return path_; }

 private:
  fs::path path_;
};

std::string read_file(const fs::path& file) {
  std::ifstream in(file, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

// Runs gnuplot on `script` with `dir` as its working folder (the script reads
// its data there) and stderr appended to `log`; true on exit 0.
bool run_gnuplot(const fs::path& gnuplot, const fs::path& dir, const fs::path& script, const fs::path& log) {
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  const std::string log_path = log.string();
  const std::string folder = dir.string();
  posix_spawn_file_actions_addchdir_np(&actions, folder.c_str());
  posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null", O_WRONLY, 0);
  posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, log_path.c_str(),
                                   O_WRONLY | O_CREAT | O_APPEND | O_NOFOLLOW, 0600);
  const std::string exe = fs::absolute(gnuplot).string();
  const std::string file = script.string();
  char* argv[] = {const_cast<char*>(exe.c_str()), const_cast<char*>(file.c_str()), nullptr};
  pid_t pid = 0;
  const int rc = posix_spawn(&pid, exe.c_str(), &actions, nullptr, argv, environ);
  posix_spawn_file_actions_destroy(&actions);
  if (rc != 0) return false;
  int status = 0;
  while (waitpid(pid, &status, 0) < 0) {
    if (errno != EINTR) return false;
  }
  return WIFEXITED(status) && WEXITSTATUS(status) == 0;
}

}  // namespace

void write_text(const fs::path& file, const std::string& text) { write_output_file(file.string(), text); }

// What gnuplot writes itself (its log, the pictures) must not be a link or
// anything but a plain file either: such a name is refused, not followed.
void require_plain_or_absent(const fs::path& file) {
  std::error_code ec;
  const fs::file_status status = fs::symlink_status(file, ec);
  if (ec || status.type() == fs::file_type::not_found || status.type() == fs::file_type::regular) return;
  throw OutputError(
      "--plot: cannot write '" + printable(file.string()) + "': it is " +
      (status.type() == fs::file_type::symlink ? "a symbolic link (links are not followed)" : "not a regular file"));
}

void make_dir(const fs::path& dir) {
  std::error_code ec;
  fs::create_directories(dir, ec);
  if (!fs::is_directory(dir, ec))
    throw std::runtime_error("--plot: cannot make the folder '" + printable(dir.string()) + "'");
}

// The user's script draws into `image` beside it; the one gnuplot runs draws
// into the scratch folder instead, and the picture is then copied out through
// the writer every output uses (whole or not at all, never through a link).
PlotOutcome draw(const fs::path& dir, const std::vector<Picture>& pictures) {
  PlotOutcome outcome;
  require_plain_or_absent(dir / "gnuplot.log");
  for (const Picture& p : pictures) require_plain_or_absent(dir / p.image);
  for (const Picture& p : pictures) write_text(dir / p.script_name, p.script);
  const fs::path gnuplot = find_gnuplot();
  if (gnuplot.empty()) {
    outcome.message = "--plot: gnuplot is not installed (Debian: apt-get install gnuplot-nox); the data and scripts "
                      "are in '" +
                      printable(dir.string()) + "'";
    return outcome;
  }
  const ScratchFolder scratch;
  const fs::path log = scratch.path() / "gnuplot.log";
  outcome.drawn = true;
  for (const Picture& p : pictures) {
    const fs::path drawn = scratch.path() / p.image;
    std::string script = p.script;
    const std::string output = "set output " + gp_string(p.image);
    const std::size_t at = script.find(output);
    if (at != std::string::npos)
      script.replace(at, output.size(), "set output " + gp_string(drawn.string(), std::string::npos));
    const fs::path run = scratch.path() / p.script_name;
    std::ofstream(run, std::ios::binary) << script;
    std::error_code ec;
    const fs::path image = dir / p.image;
    if (!run_gnuplot(gnuplot, dir, run, log) || !fs::is_regular_file(drawn, ec) || fs::file_size(drawn, ec) == 0) {
      outcome.drawn = false;
      outcome.message = "--plot: gnuplot could not draw '" + printable(image.string()) + "' (see '" +
                        printable((dir / "gnuplot.log").string()) + "')";
      continue;
    }
    write_text(image, read_file(drawn));
    outcome.images.push_back(image);
  }
  write_text(dir / "gnuplot.log", read_file(log));
  return outcome;
}

}  // namespace hcisim::frontend::plot
