// A YAML document as a small tree whose every value remembers the file and line
// it was written on. Loading converts yaml-cpp's nodes into this tree once; the
// tree can then be merged (scenario `include:`) and still name the right file
// in every error.
#pragma once

#include <cstdint>
#include <filesystem>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace hcisim::frontend {

struct YamlNode {
  enum class Kind { Null, Scalar, List, Map };

  Kind kind = Kind::Null;
  std::string scalar;              // Kind::Scalar: the text as written, quotes removed
  std::vector<YamlNode> children;  // list items, or mapping values (in file order, each with its key)
  std::string key;                 // a mapping value's key
  int key_line = 0;                // a mapping value's key line (1-based)
  std::shared_ptr<const std::string> file;
  int line = 0;  // 1-based line of the value

  // Mapping only: the value under `key`, or nullptr.
  const YamlNode* find(std::string_view key) const;
  const std::string& file_name() const;
  // "a mapping", "a list", "nothing" or the scalar in quotes: for "got ..." in messages.
  std::string describe() const;
};

// Parses one YAML document. Syntax errors, unreadable files, duplicate keys,
// non-scalar keys, multi-document files, text that is not UTF-8, aliases that
// refer to themselves and inputs past the limits of input_limits.hpp throw
// LoadError naming file:line.
YamlNode parse_yaml_file(const std::filesystem::path& file);
// The bytes of `file`, at most `max_bytes` (LoadError past that, or when unreadable).
std::string read_yaml_input(const std::filesystem::path& file, std::uint64_t max_bytes);
// The same from text; `file_label` stands for the file name in messages.
YamlNode parse_yaml_text(const std::string& text, const std::string& file_label);

// Merges `over` into `base`: mappings merge key by key, recursively; anything
// else in `over` (scalars, lists, null) replaces what `base` had.
void deep_merge(YamlNode& base, const YamlNode& over);

}  // namespace hcisim::frontend
