// A sweep's grid over the ranks of an MPI job (sweep_mpi.cpp, Boost.MPI when
// the program is built with it): a frontend::PointRunner. Here, not in the
// front end, as only the hcisim program links MPI.
#pragma once

#include "tools/frontend/sweep/sweep_points.hpp"

namespace hcisim::cli {

// Whether this process is one rank of an MPI job of more than one rank (launched by mpirun).
bool mpi_available();
bool launched_by_mpirun();
// This process's rank (initialises MPI; 0 without it).
int mpi_rank();
// Rank 0 hands out points and gets the outcomes (done is called there only);
// the others compute (`queue` is used on rank 0 only). Returns false on ranks
// other than 0 (they have no output).
bool run_on_mpi(const frontend::PointQueue& queue, const frontend::PointWork& work, const frontend::PointDone& done,
                const frontend::PointName& name);

}  // namespace hcisim::cli
