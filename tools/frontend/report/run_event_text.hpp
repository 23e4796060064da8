// A run event's fact in words, as the text, JSON and CSV reports and the
// timeline plot show it ("drive 3 of node 2 stops answering").
#pragma once

#include <string>

#include "models/storage/run_event.hpp"

namespace hcisim::frontend {

std::string run_event_text(const models::RunEventFacts& e);

}  // namespace hcisim::frontend
