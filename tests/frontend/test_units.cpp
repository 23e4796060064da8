#include <catch2/catch.hpp>

#include "tools/frontend/base/quantity_format.hpp"
#include "tools/frontend/base/units.hpp"

using namespace hcisim::frontend;
using Catch::Matchers::Contains;

TEST_CASE("sizes: binary single letters and IEC units, decimal SI units, plain bytes", "[units]") {
  CHECK(parse_size("512") == 512);
  CHECK(parse_size("512B") == 512);
  CHECK(parse_size("4K") == 4096);
  CHECK(parse_size("4k") == 4096);
  CHECK(parse_size("4KiB") == 4096);
  CHECK(parse_size("64K") == 65536);
  CHECK(parse_size("10GiB") == 10ull * 1024 * 1024 * 1024);
  CHECK(parse_size("10G") == 10ull * 1024 * 1024 * 1024);
  CHECK(parse_size("1TiB") == 1ull << 40);
  CHECK(parse_size("1.92TB") == 1'920'000'000'000ull);
  CHECK(parse_size("3.2 TB") == 3'200'000'000'000ull);
  CHECK(parse_size("4KB") == 4000);
  CHECK(parse_size("1.5GiB") == 1536ull * 1024 * 1024);
  CHECK(parse_size("0") == 0);
  CHECK(parse_size(" 256MiB ") == 256ull * 1024 * 1024);
}

TEST_CASE("sizes: bad strings say what was expected", "[units]") {
  CHECK_THROWS_WITH(parse_size("4 Kb"), "expected a size like 4KiB or 10GiB, got '4 Kb'");
  CHECK_THROWS_AS(parse_size(""), UnitError);
  CHECK_THROWS_AS(parse_size("KiB"), UnitError);
  CHECK_THROWS_AS(parse_size("4 K iB"), UnitError);
  CHECK_THROWS_AS(parse_size("4XB"), UnitError);
  CHECK_THROWS_WITH(parse_size("-4K"), Contains("negative"));
  CHECK_THROWS_WITH(parse_size("1.5"), Contains("whole number of bytes"));
  CHECK_THROWS_WITH(parse_size("0.3K"), Contains("whole number of bytes"));
  CHECK_THROWS_WITH(parse_size("99999999PB"), Contains("too large"));
}

TEST_CASE("durations in nanoseconds", "[units]") {
  CHECK(parse_duration_ns("1.3ms") == 1'300'000);
  CHECK(parse_duration_ns("80us") == 80'000);
  CHECK(parse_duration_ns("80\xC2\xB5s") == 80'000);  // µ (micro sign)
  CHECK(parse_duration_ns("80\xCE\xBCs") == 80'000);  // μ (Greek mu)
  CHECK(parse_duration_ns("100ns") == 100);
  CHECK(parse_duration_ns("60s") == 60'000'000'000);
  CHECK(parse_duration_ns("2min") == 120'000'000'000);
  CHECK(parse_duration_ns("0.8us") == 800);
  CHECK(parse_duration_ns("0") == 0);
  CHECK_THROWS_WITH(parse_duration_ns("20"),
                    "expected a duration like 80us, 1.3ms or 60s, got '20' (a duration needs a unit)");
  CHECK_THROWS_AS(parse_duration_ns("5 parsecs"), UnitError);
  CHECK_THROWS_WITH(parse_duration_ns("0.5ns"), Contains("whole number of nanoseconds"));
  CHECK_THROWS_AS(parse_duration_ns("ms"), UnitError);
}

TEST_CASE("bit rates and byte rates are told apart", "[units]") {
  CHECK(parse_bit_rate("100Gb/s") == Approx(100e9));
  CHECK(parse_bit_rate("25Gbps") == Approx(25e9));
  CHECK(parse_bit_rate("30000 Mb/s") == Approx(30e9));
  CHECK(parse_bit_rate("10Gbit/s") == Approx(10e9));
  CHECK_THROWS_WITH(parse_bit_rate("100GB/s"), Contains("B is bytes"));
  CHECK_THROWS_WITH(parse_bit_rate("100G"), Contains("expected a bit rate like 25Gb/s"));

  CHECK(parse_byte_rate("6.9GB/s") == Approx(6.9e9));
  CHECK(parse_byte_rate("1200MB/s") == Approx(1.2e9));
  CHECK(parse_byte_rate("1.2GiB/s") == Approx(1.2 * 1024 * 1024 * 1024));
  CHECK(parse_byte_rate("105 GB/s") == Approx(105e9));
  CHECK_THROWS_WITH(parse_byte_rate("25Gb/s"), Contains("b is bits"));
  CHECK_THROWS_WITH(parse_byte_rate("6.9"), "expected a byte rate like 1200MB/s or 6.9GB/s, got '6.9'");
}

TEST_CASE("frequency, percent, counts, plain numbers", "[units]") {
  CHECK(parse_frequency("2.25GHz") == Approx(2.25e9));
  CHECK(parse_frequency("3400 MHz") == Approx(3.4e9));
  CHECK(parse_frequency("2.25ghz") == Approx(2.25e9));
  CHECK_THROWS_WITH(parse_frequency("2.25"), "expected a frequency like 2.25GHz, got '2.25'");

  CHECK(parse_percent("10%") == Approx(0.10));
  CHECK(parse_percent("50 %") == Approx(0.50));
  CHECK(parse_percent("0%") == 0.0);
  CHECK_THROWS_WITH(parse_percent("0.1"), "expected a percentage like 10%, got '0.1'");

  CHECK(parse_count("1400000") == 1'400'000.0);
  CHECK(parse_count("1_400_000") == 1'400'000.0);
  CHECK(parse_count("1.4M") == Approx(1.4e6));
  CHECK(parse_count("350k") == Approx(350e3));
  CHECK(parse_count("350K") == Approx(350e3));
  CHECK(parse_count("5727985") == 5'727'985.0);
  CHECK_THROWS_WITH(parse_count("1.4 MIOPS"), Contains("expected a count like 1400000, 1.4M or 350k"));
  CHECK_THROWS_AS(parse_count("-3"), UnitError);
  CHECK_THROWS_WITH(parse_count("1e308M"), Contains("too large"));

  CHECK(parse_number("1.25") == Approx(1.25));
  CHECK(parse_number("-3") == -3.0);
  CHECK(parse_number("2e-2") == Approx(0.02));
  CHECK_THROWS_AS(parse_number("1.25x"), UnitError);
  CHECK_THROWS_AS(parse_number("nan"), UnitError);

  CHECK(parse_integer("24") == 24);
  CHECK(parse_integer("-1") == -1);
  CHECK(parse_integer("9007199254740993") == 9007199254740993);  // exact beyond 2^53
  CHECK_THROWS_WITH(parse_integer("2.5"), "expected a whole number like 24, got '2.5'");
  CHECK_THROWS_WITH(parse_integer("99999999999999999999"), Contains("too large"));
}

TEST_CASE("quantities print back in their shortest exact form", "[units]") {
  CHECK(format_size(4096) == "4 KiB");
  CHECK(format_size(3'200'000'000'000ull) == "3.2 TB");
  CHECK(format_size(10ull << 30) == "10 GiB");
  CHECK(format_size(512) == "512 B");
  CHECK(format_size(0) == "0 B");
  CHECK(format_duration(1'300'000) == "1.3 ms");
  CHECK(format_duration(90'000) == "90 us");
  CHECK(format_duration(800) == "800 ns");
  CHECK(format_duration(60'000'000'000) == "60 s");
  CHECK(format_bit_rate(100e9) == "100 Gb/s");
  CHECK(format_byte_rate(6.9e9) == "6.9 GB/s");
  CHECK(format_frequency(2.25e9) == "2.25 GHz");
  CHECK(format_percent(0.1) == "10%");
  CHECK(format_count(5'727'985) == "5,727,985");
  CHECK(format_count(0.05) == "0.05");
  // Printing then parsing returns the same quantity.
  for (std::uint64_t bytes : {1ull, 4096ull, 65536ull, 3'200'000'000'000ull, 1ull << 40, 10ull << 30}) {
    std::string text = format_size(bytes);
    CHECK(parse_size(text) == bytes);
  }
}
