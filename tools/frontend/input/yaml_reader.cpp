#include "tools/frontend/input/yaml_reader.hpp"

#include <algorithm>
#include <cctype>

#include "tools/frontend/base/load_error.hpp"
#include "tools/frontend/base/message_text.hpp"
#include "tools/frontend/base/units.hpp"
#include "tools/frontend/input/suggestions.hpp"

namespace hcisim::frontend {

std::string join_choices(const std::vector<std::string>& names) {
  std::string out;
  for (std::size_t i = 0; i < names.size(); ++i) {
    if (i > 0) out += (i + 1 == names.size()) ? " or " : ", ";
    out += names[i];
  }
  return out;
}

std::string YamlValue::location() const {
  // A block mapping or list starts on the line after its key; the key is where a reader looks.
  const bool block = node_->kind == YamlNode::Kind::Map || node_->kind == YamlNode::Kind::List;
  const int at = block && node_->key_line > 0 ? node_->key_line : node_->line;
  return file() + ":" + std::to_string(at);
}

void YamlValue::fail(std::string_view message) const {
  std::string text = location() + ": ";
  if (!path_.empty()) text += "key '" + printable(path_, 2 * kMaxQuotedChars) + "': ";
  text.append(message);
  throw LoadError(text);
}

void YamlValue::fail_expected(std::string_view expected) const {
  fail("expected " + std::string(expected) + ", got " + node_->describe());
}

std::string YamlValue::scalar_or_fail(std::string_view expected) const {
  if (!is_scalar()) fail_expected(expected);
  return node_->scalar;
}

template <class Parse>
auto YamlValue::parse_with(std::string_view expected, Parse parse) const {
  const std::string text = scalar_or_fail(expected);
  try {
    return parse(text);
  } catch (const UnitError& e) {
    fail(e.what());  // already reads "expected ..., got '...'"
  }
}

std::string YamlValue::text() const {
  std::string value = scalar_or_fail("text");
  if (value.empty()) fail_expected("text");
  return value;
}

std::int64_t YamlValue::integer(std::int64_t min, std::int64_t max) const {
  const std::int64_t value = parse_with("a whole number", parse_integer);
  if (value < min || value > max) {
    fail_expected("a whole number from " + std::to_string(min) + " to " + std::to_string(max));
  }
  return value;
}

double YamlValue::number() const { return parse_with("a number like 1.25", parse_number); }
double YamlValue::count() const { return parse_with("a count like 1.4M", parse_count); }
std::uint64_t YamlValue::size() const { return parse_with("a size like 4KiB or 10GiB", parse_size); }
std::int64_t YamlValue::duration_ns() const {
  return parse_with("a duration like 80us, 1.3ms or 60s", parse_duration_ns);
}
double YamlValue::bit_rate() const { return parse_with("a bit rate like 25Gb/s", parse_bit_rate); }
double YamlValue::byte_rate() const { return parse_with("a byte rate like 6.9GB/s", parse_byte_rate); }
double YamlValue::frequency() const { return parse_with("a frequency like 2.25GHz", parse_frequency); }
double YamlValue::percent() const { return parse_with("a percentage like 10%", parse_percent); }

bool YamlValue::boolean() const {
  constexpr std::string_view expected = "true or false";
  std::string text = scalar_or_fail(expected);
  std::transform(text.begin(), text.end(), text.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  if (text == "true" || text == "yes" || text == "on") return true;
  if (text == "false" || text == "no" || text == "off") return false;
  fail_expected(expected);
}

std::vector<YamlValue> YamlValue::items() const {
  if (!is_list()) fail_expected("a list");
  std::vector<YamlValue> out;
  out.reserve(node_->children.size());
  for (std::size_t i = 0; i < node_->children.size(); ++i) {
    out.emplace_back(node_->children[i], path_ + "[" + std::to_string(i) + "]");
  }
  return out;
}

YamlMap YamlValue::map(std::initializer_list<std::string_view> allowed) const {
  return map(std::vector<std::string>(allowed.begin(), allowed.end()));
}

YamlMap YamlValue::map(const std::vector<std::string>& allowed) const { return YamlMap(*this, allowed); }

YamlMap::YamlMap(YamlValue self, std::vector<std::string> allowed)
    : self_(std::move(self)), allowed_(std::move(allowed)) {
  if (!self_.is_map()) self_.fail_expected("a mapping with keys " + join_choices(allowed_));
  for (const YamlNode& child : self_.node().children) {
    if (std::find(allowed_.begin(), allowed_.end(), child.key) != allowed_.end()) continue;
    std::string text = child.file_name() + ":" + std::to_string(child.key_line) + ": key '" +
                       printable(child_path(child.key), 2 * kMaxQuotedChars) + "': unknown key; ";
    if (const auto near = near_names(child.key, allowed_); !near.empty()) {
      text += "did you mean '" + near.front() + "'? ";
    }
    throw LoadError(text + "expected one of " + join_choices(allowed_));
  }
}

std::string YamlMap::child_path(std::string_view key) const {
  return self_.path().empty() ? std::string(key) : self_.path() + "." + std::string(key);
}

YamlValue YamlMap::required(std::string_view key) const {
  const YamlNode* child = self_.node().find(key);
  if (child == nullptr) {
    throw LoadError(self_.location() + ": key '" + printable(child_path(key), 2 * kMaxQuotedChars) +
                    "': required key is missing");
  }
  return YamlValue(*child, child_path(key));
}

std::optional<YamlValue> YamlMap::optional(std::string_view key) const {
  const YamlNode* child = self_.node().find(key);
  if (child == nullptr) return std::nullopt;
  return YamlValue(*child, child_path(key));
}

}  // namespace hcisim::frontend
