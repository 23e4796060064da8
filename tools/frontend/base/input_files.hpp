// The files a load reads, for a sweep's manifest: while an InputRecording is
// alive on a thread, every input file the frontend reads on that thread (a
// scenario and its includes, DISKSPD XML and fio profiles, measured-result
// files, catalog parts) is noted with a digest of the bytes read. Recordings
// nest: an inner one's files are also the outer one's.
#pragma once

#include <filesystem>
#include <map>
#include <string>
#include <string_view>

namespace hcisim::frontend {

// Absolute path (lexically normal) -> digest of its content (content_digest).
using InputDigests = std::map<std::string, std::string>;

class InputRecording {
 public:
  InputRecording();
  ~InputRecording();
  InputRecording(const InputRecording&) = delete;
  InputRecording& operator=(const InputRecording&) = delete;

  const InputDigests& files() const { return files_; }

 private:
  friend void note_input_file(const std::filesystem::path& file, std::string_view bytes);
  InputDigests files_;
  InputRecording* outer_;
};

// Called by every reader of an input file with the bytes it read; nothing
// happens when no recording is alive on this thread.
void note_input_file(const std::filesystem::path& file, std::string_view bytes);

// A short stable digest of bytes (FNV-1a, 16 hex digits).
std::string content_digest(std::string_view bytes);

}  // namespace hcisim::frontend
