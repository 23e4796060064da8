#include "tools/frontend/base/input_files.hpp"

#include <cstdint>
#include <cstdio>

namespace hcisim::frontend {

namespace {
thread_local InputRecording* t_recording = nullptr;
}  // namespace

InputRecording::InputRecording() : outer_(t_recording) { t_recording = this; }

InputRecording::~InputRecording() {
  t_recording = outer_;
  if (outer_ != nullptr) outer_->files_.insert(files_.begin(), files_.end());
}

void note_input_file(const std::filesystem::path& file, std::string_view bytes) {
  if (t_recording == nullptr) return;
  std::error_code ec;
  std::filesystem::path absolute = std::filesystem::absolute(file, ec);
  if (ec) absolute = file;
  t_recording->files_[absolute.lexically_normal().string()] = content_digest(bytes);
}

std::string content_digest(std::string_view bytes) {
  std::uint64_t h = 1469598103934665603ull;
  for (const char c : bytes) {
    h ^= static_cast<unsigned char>(c);
    h *= 1099511628211ull;
  }
  char buf[24];
  std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(h));
  return buf;
}

}  // namespace hcisim::frontend
