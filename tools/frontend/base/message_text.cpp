#include "tools/frontend/base/message_text.hpp"

#include <cstdio>

namespace hcisim::frontend {
namespace {

// Length of the valid UTF-8 sequence starting at text[i], or 0 if it is not one.
std::size_t utf8_length(std::string_view text, std::size_t i) {
  const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(text[k]); };
  const unsigned char lead = byte(i);
  std::size_t length = 0;
  unsigned min_code = 0;
  unsigned code = 0;
  if (lead < 0x80) return 1;
  if ((lead & 0xE0) == 0xC0) {
    length = 2, min_code = 0x80, code = lead & 0x1F;
  } else if ((lead & 0xF0) == 0xE0) {
    length = 3, min_code = 0x800, code = lead & 0x0F;
  } else if ((lead & 0xF8) == 0xF0) {
    length = 4, min_code = 0x10000, code = lead & 0x07;
  } else {
    return 0;
  }
  if (i + length > text.size()) return 0;
  for (std::size_t k = 1; k < length; ++k) {
    if ((byte(i + k) & 0xC0) != 0x80) return 0;
    code = (code << 6) | (byte(i + k) & 0x3F);
  }
  // Overlong forms, UTF-16 surrogates and code points past U+10FFFF are not UTF-8.
  if (code < min_code || code > 0x10FFFF || (code >= 0xD800 && code <= 0xDFFF)) return 0;
  return length;
}

void append_escaped_byte(std::string& out, unsigned char c) {
  char buf[5];
  std::snprintf(buf, sizeof buf, "\\x%02x", c);
  out += buf;
}

}  // namespace

std::size_t invalid_utf8_at(std::string_view text) {
  for (std::size_t i = 0; i < text.size();) {
    const std::size_t length = utf8_length(text, i);
    if (length == 0) return i;
    i += length;
  }
  return std::string_view::npos;
}

std::string printable(std::string_view text, std::size_t max_chars) {
  std::string out;
  std::size_t chars = 0;
  for (std::size_t i = 0; i < text.size();) {
    if (chars == max_chars) {
      out += "...";
      break;
    }
    ++chars;
    const auto c = static_cast<unsigned char>(text[i]);
    const std::size_t length = utf8_length(text, i);
    if (length == 0) {
      append_escaped_byte(out, c);
      ++i;
    } else if (length > 1) {
      // U+0080..U+009F are C1 control characters (CSI and friends in some terminals).
      const bool c1 = length == 2 && c == 0xC2 && static_cast<unsigned char>(text[i + 1]) < 0xA0;
      if (c1) {
        append_escaped_byte(out, c);
        append_escaped_byte(out, static_cast<unsigned char>(text[i + 1]));
      } else {
        out.append(text.substr(i, length));
      }
      i += length;
    } else {
      switch (c) {
        case '\n': out += "\\n"; break;
        case '\t': out += "\\t"; break;
        case '\r': out += "\\r"; break;
        default:
          if (c < 0x20 || c == 0x7F) {
            append_escaped_byte(out, c);
          } else {
            out += static_cast<char>(c);
          }
      }
      ++i;
    }
  }
  return out;
}

std::string in_quotes(std::string_view text) {
  std::string out(1, '\'');
  out.append(printable(text, kMaxQuotedChars)).push_back('\'');
  return out;
}

}  // namespace hcisim::frontend
