// A result table as VMFleet and PowerShell write them: comma- or tab-separated
// (the header line decides), fields optionally in double quotes ("" is a
// quote), blank lines and lines starting with '#' (Export-Csv's "#TYPE ...")
// skipped. At most 64 MiB.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

namespace hcisim::frontend {

struct ResultTable {
  std::string label;  // the file, printable
  int header_line = 0;
  std::vector<std::string> header;  // as written (trimmed)
  struct Row {
    int line = 0;
    std::vector<std::string> fields;  // trimmed; may be fewer than the header's
  };
  std::vector<Row> rows;

  // Column index of `name` (any case), -1 when absent.
  int column(std::string_view name) const;
  // Row `r`'s field in column `c`, empty when the row is short.
  const std::string& field(const Row& r, int c) const;
};

// `what` names the file in errors ("VMFleet result table"). Throws LoadError.
ResultTable read_result_table(const std::filesystem::path& file, const char* what);

// The whole of a result file (at most 64 MiB); `what` names it in errors.
std::string read_text_file(const std::filesystem::path& file, const char* what);

std::string lower_case(std::string s);

}  // namespace hcisim::frontend
