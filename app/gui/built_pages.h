#pragma once
// The engine pages' classes this build has: each page's header behind its engine's definition.

#ifdef VANTAGE_GUI_FT
#include "ft_page.h"
#endif
#ifdef VANTAGE_GUI_PPAC
#include "ppac_page.h"
#endif
#ifdef VANTAGE_GUI_DGI
#include "dgi_page.h"
#endif
#ifdef VANTAGE_GUI_EDL
#include "edl_page.h"
#endif
