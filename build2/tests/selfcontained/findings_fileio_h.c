#include "findings/fileio.h"
