// Shared by the libFuzzer targets: what every rejection must look like. A
// target catches the one error type its code may throw; anything else (a
// crash, a sanitizer report, another exception, a hang, a memory blow-up) is a
// finding. Messages must be one line of printable UTF-8 of bounded length.
#pragma once

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>

#include <unistd.h>

#include "models/spec/workload_spec.hpp"
#include "tools/frontend/base/message_text.hpp"
#include "tools/frontend/input/input_limits.hpp"

namespace hcisim::fuzz {

inline void check_message(std::string_view message) {
  bool ok =
      !message.empty() && message.size() < 4000 && hcisim::frontend::invalid_utf8_at(message) == std::string_view::npos;
  for (const char c : message) ok = ok && (static_cast<unsigned char>(c) >= 0x20 && c != 0x7f);
  if (!ok) __builtin_trap();
}

// What a workload reader accepts is within what the model represents.
inline void check_runnable(const hcisim::models::DiskspdSpec& spec) {
  if (spec.targets.empty()) __builtin_trap();
  for (const hcisim::models::DiskspdTarget& t : spec.targets) {
    if (t.block_bytes == 0 || t.block_bytes > hcisim::frontend::limits::kMaxBlockBytes || t.threads < 1 ||
        t.outstanding < 1 || t.write_fraction < 0 || t.write_fraction > 1) {
      __builtin_trap();
    }
  }
}

inline std::string as_text(const std::uint8_t* data, std::size_t size) {
  return std::string(reinterpret_cast<const char*>(data), size);
}

// A scratch folder per process, removed at exit.
inline const std::filesystem::path& scratch_dir() {
  static const std::filesystem::path dir = [] {
    const auto path = std::filesystem::temp_directory_path() / ("hcisim-fuzz-" + std::to_string(::getpid()));
    std::filesystem::create_directories(path);
    std::atexit([] {
      std::error_code ec;
      std::filesystem::remove_all(
          std::filesystem::temp_directory_path() / ("hcisim-fuzz-" + std::to_string(::getpid())), ec);
    });
    return path;
  }();
  return dir;
}

}  // namespace hcisim::fuzz
