#include "core/strbuf.h"
