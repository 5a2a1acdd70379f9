/* The C shim: SDL2 and SDL2_mixer (its header; the library is opened at run time), plus static inline wrappers for the function-like macros
 * Swift cannot import (see ../shared/SDL-NOTES.md). Only KoalioSDL imports this module. */
#ifndef KOALIO_CSDL2_SHIM_H
#define KOALIO_CSDL2_SHIM_H

#include <SDL2/SDL.h>
#include <SDL2/SDL_mixer.h>

/** SDL_WINDOWPOS_CENTERED_DISPLAY is a function-like macro: it does not import. */
static inline int koalio_windowpos_centered_display(int display) { return (int)SDL_WINDOWPOS_CENTERED_DISPLAY(display); }

/** SDL_TOUCH_MOUSEID imports but does not compile when used. */
static inline Uint32 koalio_touch_mouse_id(void) { return SDL_TOUCH_MOUSEID; }

/** SDL_BUTTON_LMASK is function-like. */
static inline Uint32 koalio_button_lmask(void) { return SDL_BUTTON_LMASK; }

/* SDL_mixer is opened at run time (dlopen), not linked: it pulls in a dozen codec libraries
 * (libmodplug, fluidsynth, …) whose loading and start-up code would delay the first frame,
 * and the game plays silently when it is missing. koalio_mixer() loads it once and returns its
 * functions, or NULL (then koalio_mixer_error() says why). */
#include <dlfcn.h>

typedef struct {
    int (*OpenAudio)(int frequency, Uint16 format, int channels, int chunksize);
    void (*CloseAudio)(void);
    int (*AllocateChannels)(int numchans);
    Mix_Chunk *(*LoadWAV_RW)(SDL_RWops *src, int freesrc);
    int (*VolumeChunk)(Mix_Chunk *chunk, int volume);
    int (*PlayChannelTimed)(int channel, Mix_Chunk *chunk, int loops, int ticks);
    int (*HaltChannel)(int channel);
    void (*FreeChunk)(Mix_Chunk *chunk);
    Mix_Music *(*LoadMUS)(const char *file);
    int (*PlayMusic)(Mix_Music *music, int loops);
    int (*VolumeMusic)(int volume);
    int (*HaltMusic)(void);
    void (*FreeMusic)(Mix_Music *music);
} KoalioMixer;

static const char *koalio_mixer_failure = NULL;

static inline const KoalioMixer *koalio_mixer(void) {
    static KoalioMixer mixer;
    static int state = 0; /* 0 not tried, 1 loaded, -1 failed */
    if (state != 0) return state == 1 ? &mixer : NULL;
    state = -1;
    void *library = dlopen("libSDL2_mixer-2.0.so.0", RTLD_NOW | RTLD_LOCAL);
    if (!library) { koalio_mixer_failure = dlerror(); return NULL; }
#define KOALIO_MIX(name) \
    *(void **)(&mixer.name) = dlsym(library, "Mix_" #name); \
    if (!mixer.name) { koalio_mixer_failure = "libSDL2_mixer lacks Mix_" #name; return NULL; }
    KOALIO_MIX(OpenAudio) KOALIO_MIX(CloseAudio) KOALIO_MIX(AllocateChannels) KOALIO_MIX(LoadWAV_RW)
    KOALIO_MIX(VolumeChunk) KOALIO_MIX(PlayChannelTimed) KOALIO_MIX(HaltChannel) KOALIO_MIX(FreeChunk)
    KOALIO_MIX(LoadMUS) KOALIO_MIX(PlayMusic) KOALIO_MIX(VolumeMusic) KOALIO_MIX(HaltMusic) KOALIO_MIX(FreeMusic)
#undef KOALIO_MIX
    state = 1;
    return &mixer;
}

static inline const char *koalio_mixer_error(void) { return koalio_mixer_failure ? koalio_mixer_failure : "unknown"; }

/** MIX_DEFAULT_FORMAT picks the byte order by another macro. */
static inline Uint16 koalio_mix_default_format(void) { return MIX_DEFAULT_FORMAT; }

#endif
