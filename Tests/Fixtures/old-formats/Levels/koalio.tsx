<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.10" tiledversion="1.10.2" name="koalio" tilewidth="16" tileheight="16" tilecount="30" columns="8">
 <image source="../Resources/tiles.png" width="128" height="64"/>
</tileset>
