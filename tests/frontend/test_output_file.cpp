// Result files are written safely (output_file.hpp): exclusive unique temp
// files, no link followed or replaced, devices written directly, nothing left
// behind by a failed or interrupted write, two writers each leave a whole file.
#include <catch2/catch.hpp>

#include <fcntl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <csignal>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "temp_dir.hpp"
#include "tools/frontend/base/output_file.hpp"

using namespace hcisim::frontend;
using Catch::Matchers::Contains;
namespace fs = std::filesystem;

namespace {

std::string read_file(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

int files_in(const fs::path& dir) {
  int n = 0;
  for ([[maybe_unused]] const auto& entry : fs::directory_iterator(dir)) ++n;
  return n;
}

std::string error_of(const std::string& path) {
  try {
    OutputFile file(path);
  } catch (const OutputError& e) {
    return e.what();
  }
  return "";
}

}  // namespace

TEST_CASE("output file: a new file, then an atomic replacement, with nothing else left", "[output]") {
  testing::TempDir dir;
  const fs::path target = dir.path() / "r.json";
  write_output_file(target.string(), "first\n");
  CHECK(read_file(target) == "first\n");
  write_output_file(target.string(), "second\n");
  CHECK(read_file(target) == "second\n");
  CHECK(files_in(dir.path()) == 1);  // no temporary file and no trial file stays
}

TEST_CASE("output file: a link planted where a temp file might go is never followed", "[output]") {
  testing::TempDir dir;
  const fs::path victim = dir.write("victim.txt", "precious data\n");
  fs::create_symlink(victim, dir.path() / "report.json.tmp");  // the old fixed temp name
  fs::create_symlink(victim, dir.path() / ".report.json.tmp");
  write_output_file((dir.path() / "report.json").string(), "{}\n");
  CHECK(read_file(victim) == "precious data\n");
  CHECK(fs::is_regular_file(fs::symlink_status(dir.path() / "report.json")));
  CHECK(fs::is_symlink(dir.path() / "report.json.tmp"));
}

TEST_CASE("output file: links to files, folders and empty names are refused before any run", "[output]") {
  testing::TempDir dir;
  const fs::path file = dir.write("data.txt", "keep\n");
  fs::create_symlink(file, dir.path() / "link.json");
  CHECK_THAT(error_of((dir.path() / "link.json").string()), Contains("symbolic link to a regular file"));
  fs::create_symlink(dir.path() / "nothing", dir.path() / "dangling.json");
  CHECK_THAT(error_of((dir.path() / "dangling.json").string()), Contains("symbolic link to nothing"));
  CHECK_THAT(error_of(dir.path().string()), Contains("it is a folder"));
  CHECK_THAT(error_of((dir.path() / "no-such-folder" / "x.json").string()), Contains("No such file or directory"));
  CHECK(error_of("") == "an output file name is empty");
  CHECK(read_file(file) == "keep\n");
  CHECK(files_in(dir.path()) == 3);
}

TEST_CASE("output file: an unwritable folder is found before anything is simulated", "[output]") {
  if (::geteuid() == 0) {
    // root writes anywhere; a read-only file system is what stops it.
    CHECK_THAT(error_of("/proc/x.json"), Contains("cannot write '/proc/x.json'"));
    return;
  }
  testing::TempDir dir;
  fs::create_directories(dir.path() / "ro");
  fs::permissions(dir.path() / "ro", fs::perms::owner_read | fs::perms::owner_exec);
  CHECK_THAT(error_of((dir.path() / "ro" / "x.json").string()), Contains("Permission denied"));
}

TEST_CASE("output file: devices and FIFOs are written directly, never replaced", "[output]") {
  write_output_file("/dev/null", "discarded\n");
  CHECK(fs::is_character_file("/dev/null"));
  CHECK_THAT(
      [] {
        try {
          write_output_file("/dev/full", "x");
        } catch (const OutputError& e) {
          return std::string(e.what());
        }
        return std::string();
      }(),
      Contains("No space left on device"));
  CHECK(fs::is_character_file("/dev/full"));

  testing::TempDir dir;
  const fs::path fifo = dir.path() / "pipe";
  REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);
  const pid_t reader = ::fork();
  REQUIRE(reader >= 0);
  if (reader == 0) {
    std::ifstream in(fifo);
    std::string line;
    std::getline(in, line);
    ::_exit(line == "through the pipe" ? 0 : 1);
  }
  write_output_file(fifo.string(), "through the pipe\n");
  int status = 0;
  ::waitpid(reader, &status, 0);
  CHECK(WIFEXITED(status));
  CHECK(WEXITSTATUS(status) == 0);
  CHECK(fs::is_fifo(fifo));

  // A link to a device is followed (that is how /dev/stdout works).
  fs::create_symlink("/dev/null", dir.path() / "null-link");
  write_output_file((dir.path() / "null-link").string(), "x\n");
  CHECK(fs::is_symlink(dir.path() / "null-link"));
}

TEST_CASE("output file: the same target twice is refused, however it is spelled", "[output]") {
  testing::TempDir dir;
  const OutputFile a((dir.path() / "r.json").string());
  const OutputFile b((dir.path() / "." / "r.json").string());
  const OutputFile c((dir.path() / "r.csv").string());
  CHECK_THROWS_WITH(require_distinct({&a, &b}), Contains("the same output file is given twice"));
  CHECK_NOTHROW(require_distinct({&a, &c}));
  const OutputFile out1("-");
  const OutputFile out2("-");
  CHECK(out1.is_stdout());
  CHECK_THROWS_AS(require_distinct({&out1, &out2}), OutputError);
}

TEST_CASE("output file: a write that fails or is killed leaves no temporary file", "[output]") {
  testing::TempDir dir;
  const fs::path target = dir.write("r.json", "{\"old\": true}\n");
  const std::string big(1 << 20, 'x');
  for (const bool ignore_xfsz : {true, false}) {
    const pid_t child = ::fork();
    REQUIRE(child >= 0);
    if (child == 0) {
      // Disk full, simulated: 4 KiB file size limit. Ignored SIGXFSZ makes write() fail with
      // EFBIG; the default SIGXFSZ kills the process in the middle of the write.
      if (ignore_xfsz) std::signal(SIGXFSZ, SIG_IGN);
      const rlimit limit{4096, 4096};
      ::setrlimit(RLIMIT_FSIZE, &limit);
      try {
        write_output_file(target.string(), big);
      } catch (const OutputError&) {
        ::_exit(7);
      }
      ::_exit(0);
    }
    int status = 0;
    ::waitpid(child, &status, 0);
    INFO("SIGXFSZ ignored: " << ignore_xfsz);
    if (ignore_xfsz) {
      CHECK(WIFEXITED(status));
      CHECK(WEXITSTATUS(status) == 7);
    } else {
      CHECK(WIFSIGNALED(status));
      CHECK(WTERMSIG(status) == SIGXFSZ);
    }
    CHECK(read_file(target) == "{\"old\": true}\n");  // the old result stays whole
    CHECK(files_in(dir.path()) == 1);                 // and no temporary file is left
  }
}

TEST_CASE("output file: two writers of one path each leave a complete file", "[output]") {
  testing::TempDir dir;
  const fs::path target = dir.path() / "r.json";
  const std::string a(300'000, 'a');
  const std::string b(300'000, 'b');
  for (int round = 0; round < 20; ++round) {
    const pid_t child = ::fork();
    REQUIRE(child >= 0);
    if (child == 0) {
      try {
        write_output_file(target.string(), a);
      } catch (...) {
        ::_exit(1);
      }
      ::_exit(0);
    }
    write_output_file(target.string(), b);
    int status = 0;
    ::waitpid(child, &status, 0);
    CHECK(WEXITSTATUS(status) == 0);
    const std::string now = read_file(target);
    CHECK((now == a || now == b));
  }
  CHECK(files_in(dir.path()) == 1);
}
