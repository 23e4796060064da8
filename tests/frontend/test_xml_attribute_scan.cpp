// The XML pre-scan that refuses elements with too many attributes before
// tinyxml2 sees them: what it counts, what it skips, and where it points.
#include <catch2/catch.hpp>

#include <string>

#include "tools/frontend/input/xml_attribute_scan.hpp"

using hcisim::frontend::first_crowded_element;

namespace {

std::string attributes(int n) {
  std::string s;
  for (int i = 0; i < n; ++i) s += " a" + std::to_string(i) + "=\"" + std::to_string(i) + "\"";
  return s;
}

}  // namespace

TEST_CASE("xml scan: the first element over the limit, with its name, line and count", "[diskspd-xml]") {
  const std::string xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<Profile>\n  <A" + attributes(3) +
                          "/>\n  <Target\n" + attributes(5) + ">\n  </Target>\n  <B" + attributes(9) +
                          "/>\n</Profile>\n";
  CHECK_FALSE(first_crowded_element(xml, 9));
  const auto crowded = first_crowded_element(xml, 4);
  REQUIRE(crowded);
  CHECK(crowded->name == "Target");
  CHECK(crowded->line == 4);
  CHECK(crowded->attributes == 5);
  CHECK(first_crowded_element(xml, 2)->name == "A");
  CHECK(first_crowded_element(xml, 6)->name == "B");
}

TEST_CASE("xml scan: comments, CDATA, declarations and quoted '>' are not attributes", "[diskspd-xml]") {
  const std::string xml = "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"yes\"?>\n"
                          "<!DOCTYPE Profile>\n"
                          "<!-- <X a=\"1\" b=\"2\" c=\"3\"> -->\n"
                          "<Profile>\n"
                          "  <Path><![CDATA[<X a=\"1\" b=\"2\" c=\"3\">]]></Path>\n"
                          "  <Throughput unit=\"a>b='c'\">10</Throughput>\n"
                          "  <Note>\"quoted\" 'text' is not an attribute</Note>\n"
                          "  <Range IO='95'>1</Range>\n"
                          "</Profile>\n";
  CHECK_FALSE(first_crowded_element(xml, 1));
  const std::string two = xml + "<Y a=\"1\" b='>'/>\n";
  REQUIRE(first_crowded_element(two, 1));
  CHECK(first_crowded_element(two, 1)->line == 10);
  CHECK(first_crowded_element(two, 1)->attributes == 2);
}

TEST_CASE("xml scan: malformed text ends the scan without a finding", "[diskspd-xml]") {
  for (const char* text :
       {"", "<", "<A", "<A b=\"1", "<!-- open", "<![CDATA[ open", "<? open", "</", "<A b='1' c=\"2"}) {
    INFO(text);
    CHECK_FALSE(first_crowded_element(text, 1));
  }
}

TEST_CASE("xml scan: 100,000 attributes are counted in one pass", "[diskspd-xml]") {
  const std::string xml = "<Profile>\n<Target" + attributes(100'000) + "></Target></Profile>";
  const auto crowded = first_crowded_element(xml, 64);
  REQUIRE(crowded);
  CHECK(crowded->attributes == 100'000);
  CHECK(crowded->line == 2);
}
