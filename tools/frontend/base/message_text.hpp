// Text that goes into an error message or a terminal: at most one line of
// quoted content, no control characters. Anything a user's file (or another
// file it names) holds passes through here before it is printed, so a message
// can neither dump a whole file nor send escape sequences to the terminal.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace hcisim::frontend {

// How much of a value an error message quotes.
constexpr std::size_t kMaxQuotedChars = 60;

// `text` with control characters escaped (\n, \t, \r, \xNN for the rest and
// for DEL), cut after `max_chars` characters with "..." appended. Never cuts
// inside a UTF-8 sequence; bytes that are not valid UTF-8 are escaped as \xNN.
std::string printable(std::string_view text, std::size_t max_chars = std::string::npos);

// printable(text, kMaxQuotedChars) in single quotes: for "got '...'".
std::string in_quotes(std::string_view text);

// The first invalid byte of `text` as UTF-8, or npos when it is all valid.
std::size_t invalid_utf8_at(std::string_view text);

}  // namespace hcisim::frontend
