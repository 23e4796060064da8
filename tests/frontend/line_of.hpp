// For tests of printed listings (`catalog show`): the line of `text` that
// starts, after indentation, with `key` and a blank; "" when none does.
#pragma once

#include <cstddef>
#include <string>

inline std::string line_of(const std::string& text, const std::string& key) {
  std::size_t start = 0;
  while (start < text.size()) {
    const std::size_t end = text.find('\n', start);
    const std::string line = text.substr(start, end - start);
    const std::size_t first = line.find_first_not_of(' ');
    if (first != std::string::npos && line.compare(first, key.size() + 1, key + " ") == 0) return line;
    if (end == std::string::npos) break;
    start = end + 1;
  }
  return "";
}
