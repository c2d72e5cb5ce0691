#include "lsp/project.h"
