#include "tools/frontend/input/yaml_document.hpp"

#include <yaml-cpp/eventhandler.h>
#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <fstream>
#include <sstream>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "tools/frontend/base/input_files.hpp"
#include "tools/frontend/base/load_error.hpp"
#include "tools/frontend/base/message_text.hpp"
#include "tools/frontend/input/input_limits.hpp"

namespace hcisim::frontend {
namespace {

struct Converter {
  std::shared_ptr<const std::string> file;
  std::uint64_t nodes = 0;
  // The lists and mappings being converted, outermost first: an alias that
  // points back at one of them would make the tree infinite.
  std::vector<YAML::Node> open{};

  [[noreturn]] void fail(int line, const std::string& message) const {
    throw LoadError(*file + ":" + std::to_string(line) + ": " + message);
  }

  static int line_of(const YAML::Node& node, int fallback) {
    const int line = node.Mark().line;
    return line >= 0 ? line + 1 : fallback;
  }

  void check_text(const std::string& text, int line) const {
    const std::size_t bad = invalid_utf8_at(text);
    if (bad != std::string::npos) {
      fail(line, "expected UTF-8 text, got " + in_quotes(text) + " (byte " + std::to_string(bad + 1) +
                     " is not UTF-8; save the file as UTF-8)");
    }
  }

  void enter(const YAML::Node& in, int line) {
    for (const YAML::Node& ancestor : open) {
      if (ancestor.is(in)) fail(line, "a value refers to itself through an alias (*name inside &name)");
    }
    if (static_cast<int>(open.size()) >= limits::kMaxYamlDepth) {
      fail(line, "lists and mappings nest deeper than " + std::to_string(limits::kMaxYamlDepth) +
                     " levels (kMaxYamlDepth in tools/frontend/input/input_limits.hpp)");
    }
    open.push_back(in);
  }

  YamlNode convert(const YAML::Node& in, int fallback_line) {
    if (++nodes > limits::kMaxYamlValues) {
      fail(fallback_line,
           "document too large: more than " + std::to_string(limits::kMaxYamlValues) +
               " values once aliases are expanded (kMaxYamlValues in tools/frontend/input/input_limits.hpp)");
    }
    YamlNode out;
    out.file = file;
    out.line = line_of(in, fallback_line);
    switch (in.Type()) {
      case YAML::NodeType::Undefined:
      case YAML::NodeType::Null: out.kind = YamlNode::Kind::Null; break;
      case YAML::NodeType::Scalar:
        out.kind = YamlNode::Kind::Scalar;
        out.scalar = in.Scalar();
        check_text(out.scalar, out.line);
        break;
      case YAML::NodeType::Sequence:
        out.kind = YamlNode::Kind::List;
        enter(in, out.line);
        for (const auto& item : in) out.children.push_back(convert(item, out.line));
        open.pop_back();
        break;
      case YAML::NodeType::Map:
        out.kind = YamlNode::Kind::Map;
        enter(in, out.line);
        std::unordered_set<std::string> keys;  // a mapping may hold many keys: no quadratic search
        for (const auto& entry : in) {
          const int key_line = line_of(entry.first, out.line);
          if (!entry.first.IsScalar()) fail(key_line, "a mapping key must be plain text");
          const std::string key = entry.first.Scalar();
          check_text(key, key_line);
          if (!keys.insert(key).second) fail(key_line, "key " + in_quotes(key) + " appears twice in this mapping");
          YamlNode value = convert(entry.second, key_line);
          // yaml-cpp marks an empty value ("key:") at the next token; the key's line is where it is.
          if (value.kind == YamlNode::Kind::Null) value.line = key_line;
          value.key = key;
          value.key_line = key_line;
          out.children.push_back(std::move(value));
        }
        open.pop_back();
        break;
    }
    return out;
  }
};

// Counts the documents of a stream without building them. yaml-cpp 0.7's
// LoadAll never ends on some malformed input (a stray ',' at the top level
// yields empty documents forever), so the count stops at two.
class DocumentCounter final : public YAML::EventHandler {
 public:
  int documents = 0;
  int second_line = 1;
  void OnDocumentStart(const YAML::Mark& mark) override {
    if (++documents == 2) second_line = mark.line >= 0 ? mark.line + 1 : 1;
  }
  void OnDocumentEnd() override {}
  void OnNull(const YAML::Mark&, YAML::anchor_t) override {}
  void OnAlias(const YAML::Mark&, YAML::anchor_t) override {}
  void OnScalar(const YAML::Mark&, const std::string&, YAML::anchor_t, const std::string&) override {}
  void OnSequenceStart(const YAML::Mark&, const std::string&, YAML::anchor_t, YAML::EmitterStyle::value) override {}
  void OnSequenceEnd() override {}
  void OnMapStart(const YAML::Mark&, const std::string&, YAML::anchor_t, YAML::EmitterStyle::value) override {}
  void OnMapEnd() override {}
};

YamlNode parse(const std::string& text, const std::string& file_label) {
  Converter converter{std::make_shared<const std::string>(file_label)};
  std::vector<YAML::Node> documents;
  try {
    std::istringstream counting(text);
    YAML::Parser parser(counting);
    DocumentCounter counter;
    while (counter.documents < 2 && parser.HandleNextDocument(counter)) {
    }
    if (counter.documents > 1) {
      converter.fail(counter.second_line,
                     "expected one YAML document (a mapping), got more: a stray '---', '...' or top-level ','?");
    }
    if (counter.documents == 1) documents.push_back(YAML::Load(text));
  } catch (const YAML::Exception& e) {
    const int line = e.mark.line >= 0 ? e.mark.line + 1 : 1;
    std::string message = "YAML syntax error: " + printable(e.msg, 2 * kMaxQuotedChars);
    if (e.mark.column >= 0) message += " (column " + std::to_string(e.mark.column + 1) + ")";
    converter.fail(line, message);
  }
  if (documents.empty()) {
    YamlNode empty;
    empty.file = converter.file;
    empty.line = 1;
    return empty;
  }
  try {
    return converter.convert(documents.front(), 1);
  } catch (const YAML::Exception& e) {
    converter.fail(e.mark.line >= 0 ? e.mark.line + 1 : 1, "YAML error: " + printable(e.msg, 2 * kMaxQuotedChars));
  }
}

}  // namespace

const YamlNode* YamlNode::find(std::string_view wanted) const {
  if (kind != Kind::Map) return nullptr;
  for (const YamlNode& child : children) {
    if (child.key == wanted) return &child;
  }
  return nullptr;
}

const std::string& YamlNode::file_name() const {
  static const std::string unknown = "<unknown>";
  return file ? *file : unknown;
}

std::string YamlNode::describe() const {
  switch (kind) {
    case Kind::Null: return "nothing";
    case Kind::List: return children.empty() ? "an empty list" : "a list";
    case Kind::Map: return children.empty() ? "an empty mapping" : "a mapping";
    case Kind::Scalar: break;
  }
  return in_quotes(scalar);
}

std::string read_yaml_input(const std::filesystem::path& path, std::uint64_t max_bytes) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw LoadError(printable(path.string()) + ": cannot open the file");
  // Read in chunks up to the limit: a FIFO or a device has no size to check first.
  std::string text;
  char chunk[65536];
  while (in.read(chunk, sizeof chunk) || in.gcount() > 0) {
    text.append(chunk, static_cast<std::size_t>(in.gcount()));
    if (text.size() > max_bytes) {
      throw LoadError(printable(path.string()) + ": the file is larger than " + std::to_string(max_bytes >> 10) +
                      " KiB, the limit for a YAML input (kMaxYamlFileBytes in tools/frontend/input/input_limits.hpp)");
    }
  }
  if (in.bad()) throw LoadError(printable(path.string()) + ": cannot read the file");
  note_input_file(path, text);
  return text;
}

YamlNode parse_yaml_file(const std::filesystem::path& path) {
  return parse(read_yaml_input(path, limits::kMaxYamlFileBytes), printable(path.string()));
}

YamlNode parse_yaml_text(const std::string& text, const std::string& file_label) { return parse(text, file_label); }

void deep_merge(YamlNode& base, const YamlNode& over) {
  if (base.kind != YamlNode::Kind::Map || over.kind != YamlNode::Kind::Map) {
    base = over;
    return;
  }
  base.file = over.file;
  base.line = over.line;
  std::unordered_map<std::string, std::size_t> index;  // key -> position in base.children
  for (std::size_t i = 0; i < base.children.size(); ++i) index.emplace(base.children[i].key, i);
  for (const YamlNode& child : over.children) {
    const auto [at, added] = index.emplace(child.key, base.children.size());
    if (added) {
      base.children.push_back(child);
    } else {
      YamlNode& existing = base.children[at->second];
      deep_merge(existing, child);
      existing.key_line = child.key_line;  // the winning file's line, as `file` now is too
    }
  }
}

}  // namespace hcisim::frontend
