#include "tools/frontend/input/xml_attribute_scan.hpp"

#include <algorithm>

namespace hcisim::frontend {

std::optional<CrowdedElement> first_crowded_element(std::string_view xml, std::size_t limit) {
  std::size_t at = 0;
  int line = 1;
  // Moves `at` forward to `to`, counting the lines passed: every character is counted once.
  auto move_to = [&](std::size_t to) {
    to = std::min(to, xml.size());
    line += static_cast<int>(
        std::count(xml.begin() + static_cast<std::ptrdiff_t>(at), xml.begin() + static_cast<std::ptrdiff_t>(to), '\n'));
    at = to;
  };
  auto skip_past = [&](std::string_view end, std::size_t from) {
    const std::size_t found = xml.find(end, from);
    move_to(found == std::string_view::npos ? xml.size() : found + end.size());
  };
  auto opens = [&](std::string_view what) { return xml.compare(at, what.size(), what) == 0; };
  while (true) {
    const std::size_t open = xml.find('<', at);
    if (open == std::string_view::npos) return std::nullopt;
    move_to(open);
    if (opens("<!--")) {
      skip_past("-->", at + 4);
    } else if (opens("<![CDATA[")) {
      skip_past("]]>", at + 9);
    } else if (opens("<?")) {
      skip_past("?>", at + 2);
    } else if (opens("<!") || opens("</")) {
      skip_past(">", at + 2);
    } else {
      const std::size_t name_end = std::min(xml.find_first_of(" \t\r\n/>", at + 1), xml.size());
      std::size_t attributes = 0;
      std::size_t i = name_end;
      while (i < xml.size() && xml[i] != '>') {
        if (xml[i] == '"' || xml[i] == '\'') {
          const std::size_t close = xml.find(xml[i], i + 1);
          if (close == std::string_view::npos) break;
          ++attributes;
          i = close + 1;
        } else {
          ++i;
        }
      }
      if (attributes > limit) {
        return CrowdedElement{std::string(xml.substr(at + 1, std::min<std::size_t>(name_end - at - 1, 64))), line,
                              attributes};
      }
      move_to(i + 1);
    }
  }
}

}  // namespace hcisim::frontend
