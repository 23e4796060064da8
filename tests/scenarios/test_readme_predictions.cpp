// The README's table "On the published systems: predictions" is generated from
// the bundled validation record (frontend::record_table): every column but the
// last, a note in words, which each row keeps by its scenario and figure. When
// the record changes (hcisim validate --record), the table follows with
//
//   HCISIM_UPDATE_README=1 build/bin/scenario_tests "[readme]"
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <map>
#include <sstream>
#include <utility>

#include "tools/frontend/input/catalog.hpp"
#include "tools/frontend/report/record_table.hpp"
#include "tools/frontend/report/validation_record.hpp"

using namespace hcisim;

namespace {

const std::filesystem::path kSource = HCISIM_SOURCE_DIR;
const std::string kHeader = "| scenario | figure | published | predicted | error | tolerance | verdict | note |";

std::vector<std::string> lines_of(const std::filesystem::path& file) {
  std::ifstream in(file);
  std::vector<std::string> lines;
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

// "| a | b |" as {"a", "b"}.
std::vector<std::string> cells_of(const std::string& row) {
  std::vector<std::string> cells;
  std::stringstream in(row);
  std::string cell;
  std::getline(in, cell, '|');  // before the first '|'
  while (std::getline(in, cell, '|')) {
    const auto first = cell.find_first_not_of(' ');
    cells.push_back(first == std::string::npos ? "" : cell.substr(first, cell.find_last_not_of(' ') - first + 1));
  }
  if (!cells.empty() && cells.back().empty() && row.back() == '|') cells.pop_back();  // after the last '|'
  return cells;
}

std::string row_of(const std::vector<std::string>& cells) {
  std::string row = "|";
  for (const std::string& cell : cells) row += cell.empty() ? " |" : " " + cell + " |";
  return row;
}

}  // namespace

TEST_CASE("the README's table of the published systems' figures is the validation record's", "[readme]") {
  const auto record = frontend::read_validation_record(frontend::bundled_validation_record());
  const auto table = frontend::record_table(record, kSource / "scenarios", frontend::Catalog::load());
  std::vector<std::string> readme = lines_of(kSource / "README.md");
  const auto header = std::find(readme.begin(), readme.end(), kHeader);
  REQUIRE(header != readme.end());
  const std::size_t first = static_cast<std::size_t>(header - readme.begin()) + 2;  // past the rule under it
  std::size_t end = first;
  while (end < readme.size() && readme[end].starts_with("|")) ++end;
  REQUIRE(end + 1 < readme.size());

  // Each row's note, by its scenario and figure.
  std::map<std::pair<std::string, std::string>, std::string> notes;
  for (std::size_t i = first; i < end; ++i) {
    const auto cells = cells_of(readme[i]);
    if (cells.size() == 8) notes[{cells[0], cells[1]}] = cells[7];
  }
  std::vector<std::string> expected;
  for (const frontend::RecordTableCells& cells : table.rows) {
    std::vector<std::string> row(cells.begin(), cells.end());
    const auto note = notes.find({cells[0], cells[1]});
    row.push_back(note == notes.end() ? "" : note->second);
    expected.push_back(row_of(row));
  }
  // The paragraph under the table opens with the count.
  const std::string summary = frontend::record_table_summary(table);
  std::string& paragraph = readme[end + 1];

  if (std::getenv("HCISIM_UPDATE_README") != nullptr) {
    if (!paragraph.starts_with(summary)) paragraph = summary + paragraph.substr(paragraph.find('.') + 1);
    const auto rows = readme.begin() + static_cast<std::ptrdiff_t>(first);
    readme.insert(readme.erase(rows, rows + static_cast<std::ptrdiff_t>(end - first)), expected.begin(),
                  expected.end());
    std::ofstream out(kSource / "README.md");
    for (const std::string& line : readme) out << line << "\n";
    WARN("rewrote the table in README.md from the validation record: " << expected.size() << " rows");
    return;
  }
  INFO("HCISIM_UPDATE_README=1 build/bin/scenario_tests \"[readme]\" rewrites the table from the record");
  for (std::size_t i = 0; i < std::max(end - first, expected.size()); ++i) {
    const std::string in_readme = first + i < end ? readme[first + i] : "(no row)";
    const std::string generated = i < expected.size() ? expected[i] : "(no row)";
    CHECK(in_readme == generated);
  }
  CHECK(paragraph.substr(0, summary.size()) == summary);
}
