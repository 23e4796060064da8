// A linear pre-scan of XML text for elements with too many attributes, before
// the text goes to tinyxml2, which checks each new attribute of an element
// against all the earlier ones (quadratic: 100,000 attributes take ~40 s).
// It skips what tinyxml2 skips the same way (comments to "-->", CDATA to "]]>",
// "<?" to "?>", other "<!" declarations to ">") and counts the quoted values of
// each start tag, so a '>' inside a quoted value does not end the tag. Malformed
// text is left for tinyxml2 to report.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace hcisim::frontend {

struct CrowdedElement {
  std::string name;  // at most 64 characters of it
  int line = 0;      // 1-based, of the '<'
  std::size_t attributes = 0;
};

// The first element, in document order, with more than `limit` attributes.
std::optional<CrowdedElement> first_crowded_element(std::string_view xml, std::size_t limit);

}  // namespace hcisim::frontend
