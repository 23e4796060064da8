#include "tools/frontend/base/file_read.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

namespace hcisim::frontend {

namespace {

std::string kind_of(mode_t mode) {
  if (S_ISDIR(mode)) return "a folder";
  if (S_ISFIFO(mode)) return "a FIFO";
  if (S_ISLNK(mode)) return "a symbolic link";
  if (S_ISSOCK(mode)) return "a socket";
  if (S_ISCHR(mode)) return "a character device";
  if (S_ISBLK(mode)) return "a block device";
  return "not a regular file";
}

}  // namespace

FileRead read_regular_file(const std::filesystem::path& file, bool follow_links) {
  FileRead out;
  struct stat st {};
  if ((follow_links ? ::stat(file.c_str(), &st) : ::lstat(file.c_str(), &st)) != 0) {
    out.status = errno == ENOENT ? FileRead::Status::Missing : FileRead::Status::Unreadable;
    out.what = std::strerror(errno);
    return out;
  }
  if (!S_ISREG(st.st_mode)) {
    out.status = FileRead::Status::NotRegular;
    out.what = kind_of(st.st_mode);
    return out;
  }
  // O_NONBLOCK: should the path have turned into a FIFO since, open() returns at once.
  const int fd = ::open(file.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC | (follow_links ? 0 : O_NOFOLLOW));
  if (fd < 0) {
    out.status = errno == ELOOP ? FileRead::Status::NotRegular : FileRead::Status::Unreadable;
    out.what = errno == ELOOP ? "a symbolic link" : std::strerror(errno);
    return out;
  }
  if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
    ::close(fd);
    out.status = FileRead::Status::NotRegular;
    out.what = kind_of(st.st_mode);
    return out;
  }
  char chunk[65536];
  for (;;) {
    const ssize_t n = ::read(fd, chunk, sizeof chunk);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) {
      out.status = FileRead::Status::Unreadable;
      out.what = std::strerror(errno);
      out.text.clear();
      ::close(fd);
      return out;
    }
    if (n == 0) break;
    out.text.append(chunk, static_cast<std::size_t>(n));
  }
  ::close(fd);
  out.status = FileRead::Status::Read;
  return out;
}

}  // namespace hcisim::frontend
