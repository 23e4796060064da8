// What `hcisim validate --record FILE` keeps of a validation
// (report/validation_record.hpp): each graded figure and each measured
// cluster's summary, with the regime of its run.
#pragma once

#include "tools/frontend/report/validation_record.hpp"
#include "tools/frontend/validation/validate.hpp"

namespace hcisim::frontend {

ValidationRecord make_validation_record(const ValidationReport& report);

}  // namespace hcisim::frontend
