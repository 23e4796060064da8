// Reading a file that must be a regular one without ever blocking: a FIFO,
// device or socket at the path is reported, not opened for reading (opening a
// FIFO waits for a writer).
#pragma once

#include <filesystem>
#include <string>

namespace hcisim::frontend {

struct FileRead {
  enum class Status { Read, Missing, NotRegular, Unreadable };
  Status status = Status::Missing;
  std::string text;  // Status::Read: the bytes
  std::string what;  // NotRegular: "a FIFO", "a folder", "a symbolic link", ...; Unreadable: the error
};

// `follow_links` false: a symbolic link is NotRegular (what a program writes
// itself is never a link); true: the file it points to is read.
FileRead read_regular_file(const std::filesystem::path& file, bool follow_links);

}  // namespace hcisim::frontend
