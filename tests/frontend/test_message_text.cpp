// What error messages may quote: one line, control characters escaped, a few
// dozen characters at most, UTF-8 kept whole.
#include <catch2/catch.hpp>

#include <string>

#include "tools/frontend/base/message_text.hpp"

using namespace hcisim::frontend;

TEST_CASE("printable escapes control characters and keeps UTF-8", "[message]") {
  CHECK(printable("a\nb\tc\rd") == "a\\nb\\tc\\rd");
  CHECK(printable("\x1b[31mRED\x1b[0m\a") == "\\x1b[31mRED\\x1b[0m\\x07");
  CHECK(printable("del\x7f") == "del\\x7f");
  CHECK(printable("caf\xc3\xa9 \xc2\xb5s") == "caf\xc3\xa9 \xc2\xb5s");  // é and µ stay
  CHECK(printable("\xc2\x9b"
                  "2J") == "\\xc2\\x9b2J");               // C1 CSI is escaped
  CHECK(printable("caf\xe9") == "caf\\xe9");              // Latin-1, not UTF-8
  CHECK(printable("\xed\xa0\x80") == "\\xed\\xa0\\x80");  // a UTF-16 surrogate
  CHECK(printable("\xc0\xaf") == "\\xc0\\xaf");           // overlong '/'
}

TEST_CASE("in_quotes cuts after 60 characters, never inside a character", "[message]") {
  const std::string long_text(200, 'x');
  CHECK(in_quotes(long_text) == "'" + std::string(60, 'x') + "...'");
  std::string accents;
  for (int i = 0; i < 100; ++i) accents += "\xc3\xa9";
  const std::string cut = in_quotes(accents);
  CHECK(cut.size() == 2 + 60 * 2 + 3);
  CHECK(invalid_utf8_at(cut) == std::string::npos);
  CHECK(in_quotes("short") == "'short'");
}

TEST_CASE("invalid_utf8_at finds the first bad byte", "[message]") {
  CHECK(invalid_utf8_at("plain") == std::string::npos);
  CHECK(invalid_utf8_at("caf\xc3\xa9") == std::string::npos);
  CHECK(invalid_utf8_at("caf\xe9 x") == 3);
  CHECK(invalid_utf8_at("ab\xc3") == 2);  // truncated sequence
}
