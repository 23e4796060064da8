#include "tools/frontend/input/result_table.hpp"

#include <cctype>
#include <fstream>
#include <sstream>

#include "tools/frontend/base/input_files.hpp"
#include "tools/frontend/base/load_error.hpp"
#include "tools/frontend/base/message_text.hpp"

namespace hcisim::frontend {

namespace {

constexpr std::uintmax_t kMaxResultFileBytes = 64u << 20;

std::string trim(const std::string& s) {
  const auto b = s.find_first_not_of(" \t\r\n");
  if (b == std::string::npos) return "";
  return s.substr(b, s.find_last_not_of(" \t\r\n") - b + 1);
}

// One line of a CSV/TSV with optional double-quoted fields ("" is a quote).
std::vector<std::string> split_fields(const std::string& line, char separator) {
  std::vector<std::string> fields(1);
  bool quoted = false;
  for (std::size_t i = 0; i < line.size(); ++i) {
    const char c = line[i];
    if (quoted) {
      if (c == '"' && i + 1 < line.size() && line[i + 1] == '"') {
        fields.back() += '"';
        ++i;
      } else if (c == '"') {
        quoted = false;
      } else {
        fields.back() += c;
      }
    } else if (c == '"') {
      quoted = true;
    } else if (c == separator) {
      fields.emplace_back();
    } else if (c != '\r') {
      fields.back() += c;
    }
  }
  for (auto& f : fields) f = trim(f);
  return fields;
}

}  // namespace

std::string lower_case(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

int ResultTable::column(std::string_view name) const {
  const std::string wanted = lower_case(std::string(name));
  for (std::size_t c = 0; c < header.size(); ++c) {
    if (lower_case(header[c]) == wanted) return static_cast<int>(c);
  }
  return -1;
}

const std::string& ResultTable::field(const Row& r, int c) const {
  static const std::string empty;
  return c >= 0 && static_cast<std::size_t>(c) < r.fields.size() ? r.fields[static_cast<std::size_t>(c)] : empty;
}

std::string read_text_file(const std::filesystem::path& file, const char* what) {
  const std::string label = printable(file.string());
  std::error_code ec;
  const auto bytes = std::filesystem::file_size(file, ec);
  if (ec || !std::filesystem::is_regular_file(file, ec)) {
    throw LoadError(label + ": cannot read the " + what + " (no such regular file)");
  }
  if (bytes > kMaxResultFileBytes) throw LoadError(label + ": a " + what + " of more than 64 MiB");
  std::ifstream in(file, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  if (!in) throw LoadError(label + ": cannot read the " + what);
  note_input_file(file, text.str());
  return text.str();
}

ResultTable read_result_table(const std::filesystem::path& file, const char* what) {
  ResultTable table;
  table.label = printable(file.string());
  std::istringstream lines(read_text_file(file, what));
  std::string line;
  int number = 0;
  char separator = ',';
  while (std::getline(lines, line)) {
    ++number;
    if (trim(line).empty() || trim(line)[0] == '#') continue;
    if (table.header.empty()) {
      separator = line.find('\t') != std::string::npos ? '\t' : ',';
      table.header = split_fields(line, separator);
      table.header_line = number;
      continue;
    }
    table.rows.push_back({number, split_fields(line, separator)});
  }
  return table;
}

}  // namespace hcisim::frontend
