#include "findings/sink.h"
