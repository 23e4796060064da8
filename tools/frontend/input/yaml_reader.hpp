// Typed, checked access to a YamlNode tree. Every failure throws LoadError
// "FILE:LINE: key 'a.b.c': expected ..., got ...": a value knows its file,
// line and key path. Mappings are opened with the list of keys they allow, so
// an unknown key (a typo) is an error that lists the allowed ones.
#pragma once

#include <cstdint>
#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "tools/frontend/input/yaml_document.hpp"

namespace hcisim::frontend {

class YamlMap;

class YamlValue {
 public:
  YamlValue(const YamlNode& node, std::string path) : node_(&node), path_(std::move(path)) {}

  const YamlNode& node() const { return *node_; }
  const std::string& path() const { return path_; }  // "cluster.nodes", "reference.figures[1].value"
  const std::string& file() const { return node_->file_name(); }
  int line() const { return node_->line; }
  std::string location() const;  // "FILE:LINE"

  bool is_null() const { return node_->kind == YamlNode::Kind::Null; }
  bool is_scalar() const { return node_->kind == YamlNode::Kind::Scalar; }
  bool is_list() const { return node_->kind == YamlNode::Kind::List; }
  bool is_map() const { return node_->kind == YamlNode::Kind::Map; }

  // "FILE:LINE: key 'PATH': expected EXPECTED, got <this value>"
  [[noreturn]] void fail_expected(std::string_view expected) const;
  // "FILE:LINE: key 'PATH': MESSAGE"
  [[noreturn]] void fail(std::string_view message) const;

  std::string text() const;  // a non-empty scalar
  std::int64_t integer(std::int64_t min, std::int64_t max) const;
  double number() const;
  double count() const;
  std::uint64_t size() const;
  std::int64_t duration_ns() const;
  double bit_rate() const;
  double byte_rate() const;
  double frequency() const;
  double percent() const;
  bool boolean() const;

  // One of the named choices, e.g. {{"simple", Resiliency::Simple}, ...}.
  template <class T>
  T choice(std::initializer_list<std::pair<std::string_view, T>> choices) const;

  std::vector<YamlValue> items() const;  // the items of a list
  // This value as a mapping whose keys must all be in `allowed`.
  YamlMap map(std::initializer_list<std::string_view> allowed) const;
  YamlMap map(const std::vector<std::string>& allowed) const;

 private:
  std::string scalar_or_fail(std::string_view expected) const;
  template <class Parse>
  auto parse_with(std::string_view expected, Parse parse) const;

  const YamlNode* node_;
  std::string path_;
};

class YamlMap {
 public:
  YamlMap(YamlValue self, std::vector<std::string> allowed);

  const YamlValue& self() const { return self_; }
  bool has(std::string_view key) const { return self_.node().find(key) != nullptr; }
  // A missing required key is an error naming the mapping's line and the key.
  YamlValue required(std::string_view key) const;
  std::optional<YamlValue> optional(std::string_view key) const;
  // "FILE:LINE: key 'PATH': MESSAGE" for the mapping itself.
  [[noreturn]] void fail(std::string_view message) const { self_.fail(message); }

 private:
  std::string child_path(std::string_view key) const;

  YamlValue self_;
  std::vector<std::string> allowed_;
};

// The top of a parsed document.
inline YamlValue root_value(const YamlNode& node) { return YamlValue(node, ""); }

// "a, b or c"
std::string join_choices(const std::vector<std::string>& names);

template <class T>
T YamlValue::choice(std::initializer_list<std::pair<std::string_view, T>> choices) const {
  std::vector<std::string> names;
  for (const auto& [name, value] : choices) names.emplace_back(name);
  const std::string expected = "one of " + join_choices(names);
  const std::string text = scalar_or_fail(expected);
  for (const auto& [name, value] : choices) {
    if (name == text) return value;
  }
  fail_expected(expected);
}

}  // namespace hcisim::frontend
