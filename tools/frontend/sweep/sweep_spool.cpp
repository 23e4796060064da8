#include "tools/frontend/sweep/sweep_spool.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <limits>
#include <stdexcept>
#include <string>

namespace hcisim::frontend {

namespace {

[[noreturn]] void fail(const std::string& what) {
  throw std::runtime_error("the sweep's temporary file of rows: " + what + ": " + std::strerror(errno));
}

}  // namespace

RowSpool::RowSpool(std::size_t points) : offset_(points, 0), size_(points, 0) {
  std::error_code ec;
  std::filesystem::path folder = std::filesystem::temp_directory_path(ec);
  if (ec) folder = "/tmp";
  std::string name = (folder / "hcisim-sweep-rows-XXXXXX").string();
  const int fd = ::mkostemp(name.data(), O_CLOEXEC);
  if (fd < 0) fail("cannot make it in " + folder.string());
  ::unlink(name.c_str());  // unnamed from now on: it goes with the process
  file_ = ::fdopen(fd, "w+b");
  if (file_ == nullptr) {
    ::close(fd);
    fail("cannot open it");
  }
}

RowSpool::~RowSpool() { std::fclose(file_); }

void RowSpool::put(std::size_t index, const nlohmann::json& row) {
  const std::string text = row.dump();
  if (text.size() > std::numeric_limits<std::uint32_t>::max())
    throw std::length_error("a sweep row of more than 4 GiB");
  if (std::fseek(file_, static_cast<long>(end_), SEEK_SET) != 0 ||
      std::fwrite(text.data(), 1, text.size(), file_) != text.size()) {
    fail("cannot write it");
  }
  offset_.at(index) = end_;
  size_.at(index) = static_cast<std::uint32_t>(text.size());
  end_ += text.size();
}

nlohmann::json RowSpool::at(std::size_t index) const {
  std::string text(size_.at(index), '\0');
  if (std::fflush(file_) != 0 || std::fseek(file_, static_cast<long>(offset_.at(index)), SEEK_SET) != 0 ||
      std::fread(text.data(), 1, text.size(), file_) != text.size()) {
    fail("cannot read it back");
  }
  return nlohmann::json::parse(text);
}

}  // namespace hcisim::frontend
